/**
 * The file name a `Content-Disposition` header gives (RFC 6266): `filename*` (UTF-8, percent-encoded) first, then
 * `filename` (quoted or bare); path parts and control characters are dropped. Undefined when it names none.
 * @example fileNameOf(`attachment; filename="INV-1.pdf"; filename*=UTF-8''%D0%A1%D1%87%D1%91%D1%82.pdf`); // 'Счёт.pdf'
 */
export function fileNameOf(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^;]+)/i.exec(header)?.[1]?.trim();
  if (extended) {
    const match = /^([\w!#$%&+^`{}~-]+)'[^']*'(.*)$/.exec(extended.replace(/^"|"$/g, ''));
    if (match) {
      try {
        const name = clean(match[1].toLowerCase() === 'utf-8' ? decodeURIComponent(match[2]) : latin1(match[2]));
        if (name) return name;
      } catch {
        // A broken encoding: fall back to the plain filename.
      }
    }
  }
  const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/i.exec(header);
  if (!plain) return undefined;
  return clean(plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain[1].trim()) || undefined;
}

/** ISO-8859-1 percent-encoding: each byte is one character. */
const latin1 = (text: string) => text.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** Only the last path part, without control characters. */
function clean(name: string): string {
  // eslint-disable-next-line no-control-regex
  return (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
}
