import { isIP } from 'node:net';

/** Whether a peer address is this machine's own: 127.0.0.0/8, ::1, or 127.x mapped into IPv6. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) return v4.split('.')[0] === '127';
  return isIP(address) === 6 && /^(0{0,4}:){2,7}0{0,3}1$|^::1$/.test(address);
}

/** Whether a listen address (HOST) only accepts connections from this machine. */
export function isLoopbackBind(host: string): boolean {
  return host === 'localhost' || isLoopbackAddress(host.replace(/^\[|\]$/g, ''));
}
