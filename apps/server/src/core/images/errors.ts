/** An upload that is not an acceptable image; its message is shown to the user. */
export class ImageRejectedError extends Error {}
