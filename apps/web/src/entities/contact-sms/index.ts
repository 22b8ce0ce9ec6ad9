// The SMS that alerted an emergency contact: its status in one line, and a call button when it did not reach them.
export { ContactSmsStatus, type ContactSmsStatusProps } from './contact-sms-status';
