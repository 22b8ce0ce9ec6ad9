declare module 'heic-decode' {
  interface DecodedImage {
    width: number;
    height: number;
    data: Uint8ClampedArray;
  }
  interface ImageHandle {
    width: number;
    height: number;
    decode(): Promise<DecodedImage>;
  }
  /** The top-level images of the file, not decoded yet; `dispose` frees the decoder's memory. */
  type ImageHandles = ImageHandle[] & { dispose(): void };
  function decode(input: { buffer: Uint8Array | ArrayBuffer }): Promise<DecodedImage>;
  namespace decode {
    function all(input: { buffer: Uint8Array | ArrayBuffer }): Promise<ImageHandles>;
  }
  export default decode;
}
