import { describe, expect, it } from 'vitest';
import { renderNewsMarkdown } from './news-markdown';

describe('renderNewsMarkdown', () => {
  it('renders Markdown, with links that open safely', () => {
    const html = renderNewsMarkdown('# Heading\n\nSome **bold** text and [a link](https://example.org/x "t").\n\n- one\n- two');
    expect(html).toContain('<h2>Heading</h2>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<a href="https://example.org/x" title="t" rel="noopener noreferrer nofollow">a link</a>');
    expect(html).toContain('<ul>\n<li>one</li>');
  });

  it('keeps raw HTML out: scripts, event handlers and iframes are text at most', () => {
    const html = renderNewsMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n<iframe src="https://evil.example"></iframe>\n\nText <b onclick="x()">bold</b>',
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/<iframe/i);
    expect(html).not.toMatch(/<b[\s>]/i);
    // Escaped text may mention onerror; no real tag carries an event handler.
    expect(html).not.toMatch(/<[^>]*\son\w+=/i);
  });

  it('allows only http(s), mailto and tel links', () => {
    const html = renderNewsMarkdown(
      '[a](javascript:alert(1)) [b](JaVaScRiPt:alert(1)) [c](data:text/html;base64,PHNjcmlwdD4=) [d](vbscript:x) [e](/relative) [f](mailto:desk@saathi.in) [g](tel:112) <javascript:alert(3)>',
    );
    expect(html).not.toMatch(/href="(?!mailto:|tel:)/i);
    expect(html).toContain('href="mailto:desk@saathi.in"');
    expect(html).toContain('href="tel:112"');
  });

  it('shows images only from https', () => {
    expect(renderNewsMarkdown('![ok](https://example.org/a.jpg)')).toContain('<img src="https://example.org/a.jpg" alt="ok"');
    expect(renderNewsMarkdown('![no](http://example.org/a.jpg)')).not.toContain('src=');
    expect(renderNewsMarkdown('![no](javascript:alert(1))')).not.toContain('<img');
  });
});
