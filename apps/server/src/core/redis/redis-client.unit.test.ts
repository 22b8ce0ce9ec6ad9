import { describe, expect, it } from 'vitest';
import { parseSentinels } from './redis-client';

describe('parseSentinels (REDIS_SENTINELS)', () => {
  it('reads host:port entries separated by commas, with spaces, names, IPv4 and bracketed IPv6', () => {
    expect(parseSentinels('sentinel-1:26379, sentinel-2.internal:26380 ,10.0.0.7:26379,[fd00::1]:5000')).toEqual({
      sentinels: [
        { host: 'sentinel-1', port: 26379 },
        { host: 'sentinel-2.internal', port: 26380 },
        { host: '10.0.0.7', port: 26379 },
        { host: 'fd00::1', port: 5000 },
      ],
      problems: [],
    });
    expect(parseSentinels('localhost:26379').sentinels).toEqual([{ host: 'localhost', port: 26379 }]);
  });

  it('names each entry that is not host:port, and gives no sentinels then', () => {
    const { sentinels, problems } = parseSentinels('sentinel-1,sentinel-2:0,sentinel-3:70000,sentinel 4:26379,:26379,s5:port,fd00::1:26379,[nope]:1');
    expect(sentinels).toEqual([]);
    expect(problems).toEqual([
      '"sentinel-1" is not host:port (e.g. sentinel-1:26379; an IPv6 address in brackets, [fd00::1]:26379)',
      '"sentinel-2:0": the port must be a number from 1 to 65535',
      '"sentinel-3:70000": the port must be a number from 1 to 65535',
      '"sentinel 4:26379": "sentinel 4" is not a host name or IP address',
      '":26379": "" is not a host name or IP address',
      '"s5:port": the port must be a number from 1 to 65535',
      '"fd00::1:26379" is not host:port (e.g. sentinel-1:26379; an IPv6 address in brackets, [fd00::1]:26379)',
      '"[nope]:1": "nope" is not a host name or IP address',
    ]);
  });

  it('refuses an empty list, empty entries and an entry given twice', () => {
    expect(parseSentinels(' , ').problems).toEqual(['lists no sentinel (host:port, separated by commas)']);
    expect(parseSentinels('a:1,,b:2').problems).toEqual(['has an empty entry (two commas in a row, or one at an end)']);
    expect(parseSentinels('a:1,b:2,').problems).toEqual(['has an empty entry (two commas in a row, or one at an end)']);
    expect(parseSentinels('a:1,A:1').problems).toEqual(['"A:1" is listed twice']);
  });
});
