export { certificatesPlugin } from './certificates.plugin';
