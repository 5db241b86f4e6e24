import { createServer, type Server, type Socket } from 'node:net';

export interface FakeSmtpOptions {
  /** Answer every RCPT with 550. */
  rejectRcpt?: boolean;
  /** AUTH mechanisms to offer in the EHLO answer (default PLAIN). */
  auth?: ('PLAIN' | 'LOGIN')[];
  /** Answer every AUTH with 535. */
  rejectAuth?: boolean;
}

/**
 * A minimal SMTP server that records the conversation (no TLS offered): the command lines, the messages (raw, dot
 * unstuffed, CRLF line ends), the credentials an AUTH carried, and how many connections were opened and closed.
 */
export function fakeSmtp(options: FakeSmtpOptions = {}) {
  const lines: string[] = [];
  const messages: string[] = [];
  const logins: { user: string; pass: string; mechanism: string }[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  let closed = 0;
  const server: Server = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => {
      closed++;
      sockets.delete(socket);
    });
    socket.on('error', () => undefined);
    let inData = false;
    let message = '';
    let login: { step: 'user' | 'pass'; user: string } | null = null;
    let buffer = '';
    const b64 = (text: string) => Buffer.from(text, 'base64').toString('utf8');
    const authenticated = (user: string, pass: string, mechanism: string) => {
      logins.push({ user, pass, mechanism });
      socket.write(options.rejectAuth ? '535 5.7.8 bad credentials\r\n' : '235 ok\r\n');
    };
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
            messages.push(message);
            message = '';
            socket.write('250 queued\r\n');
          } else message += `${line.startsWith('.') ? line.slice(1) : line}\r\n`;
          continue;
        }
        lines.push(line);
        if (login) {
          if (login.step === 'user') {
            login = { step: 'pass', user: b64(line) };
            socket.write('334 UGFzc3dvcmQ6\r\n');
          } else {
            authenticated(login.user, b64(line), 'LOGIN');
            login = null;
          }
          continue;
        }
        const [verb, mechanism, initial] = line.split(' ');
        switch (verb.toUpperCase()) {
          case 'EHLO':
            socket.write(`250-fake\r\n250 AUTH ${(options.auth ?? ['PLAIN']).join(' ')}\r\n`);
            break;
          case 'AUTH':
            if (mechanism?.toUpperCase() === 'PLAIN' && initial) {
              const [, user, pass] = b64(initial).split('\0');
              authenticated(user, pass, 'PLAIN');
            } else if (mechanism?.toUpperCase() === 'LOGIN') {
              login = { step: 'user', user: '' };
              socket.write('334 VXNlcm5hbWU6\r\n');
            } else socket.write('504 unrecognized authentication type\r\n');
            break;
          case 'MAIL':
          case 'RSET':
          case 'NOOP':
            socket.write('250 ok\r\n');
            break;
          case 'RCPT':
            socket.write(options.rejectRcpt ? '550 no such user\r\n' : '250 ok\r\n');
            break;
          case 'DATA':
            inData = true;
            socket.write('354 go\r\n');
            break;
          case 'QUIT':
            socket.end('221 bye\r\n');
            break;
          default:
            socket.write('502 not implemented\r\n');
        }
      }
    });
  });
  return new Promise<{
    port: number;
    lines: string[];
    /** The messages, in order (raw MIME). */
    messages: string[];
    /** Every message's lines, joined with \n (what the first tests read). */
    data: () => string;
    logins: typeof logins;
    connections: () => { opened: number; closed: number };
    /** Stops listening and drops the connections still open. */
    close: () => void;
  }>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      resolve({
        port,
        lines,
        messages,
        data: () => messages.join('').replace(/\r\n/g, '\n'),
        logins,
        connections: () => ({ opened: connections, closed }),
        close: () => {
          for (const socket of sockets) socket.destroy();
          server.close();
        },
      });
    }),
  );
}
