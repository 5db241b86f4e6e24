import { createServer, type Server } from 'node:net';

/** A minimal SMTP server that records the conversation (no TLS offered). */
export function fakeSmtp(options: { rejectRcpt?: boolean } = {}) {
  const lines: string[] = [];
  let data = '';
  const server: Server = createServer((socket) => {
    let inData = false;
    let buffer = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let index: number;
      while ((index = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
          continue;
        }
        lines.push(line);
        const verb = line.split(' ')[0].toUpperCase();
        if (verb === 'EHLO') socket.write('250-fake\r\n250 AUTH PLAIN\r\n');
        else if (verb === 'AUTH') socket.write('235 ok\r\n');
        else if (verb === 'MAIL') socket.write('250 ok\r\n');
        else if (verb === 'RCPT') socket.write(options.rejectRcpt ? '550 no such user\r\n' : '250 ok\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
      }
    });
  });
  return new Promise<{ port: number; lines: string[]; data: () => string; close: () => void }>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      resolve({ port, lines, data: () => data, close: () => server.close() });
    }),
  );
}

