import { vi } from 'vitest';

/** What a fake 2D context saw: each text drawn, with the font it was drawn in. */
export interface DrawnText {
  text: string;
  font: string;
}

/**
 * jsdom has no canvas: every `getContext('2d')` answers a recording stand-in (text is measured
 * at 10 units a character), and `toBlob` answers a JPEG-typed blob of the canvas's size.
 */
export function fakeCanvas() {
  const drawn: DrawnText[] = [];
  const sizes: { width: number; height: number }[] = [];
  vi.stubGlobal(
    'Path2D',
    class {
      constructor(readonly path?: string) {}
    },
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    const state: Record<string | symbol, unknown> = {
      canvas: this,
      font: '',
      fillText: (text: string) => drawn.push({ text, font: String(state.font) }),
      measureText: (text: string) => ({ width: text.length * 10 }),
    };
    return new Proxy(state, {
      get: (target, key) => (key in target ? target[key] : () => undefined),
      set: (target, key, value) => {
        target[key] = value;
        return true;
      },
    }) as unknown as CanvasRenderingContext2D;
  } as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (this: HTMLCanvasElement, callback, type) {
    sizes.push({ width: this.width, height: this.height });
    callback(new Blob(['jpeg'], { type: type ?? 'image/png' }));
  });
  return { drawn, sizes };
}
