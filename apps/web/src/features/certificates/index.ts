// Nothing here is used by another feature or the app shell: the certificate (/cartificate) and
// the page its QR code opens (/certificates/:code) load lazily through app/routes.tsx.
export {};
