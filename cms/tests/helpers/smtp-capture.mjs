// A real SMTP server on this machine (the smtp-server package) that keeps every message it is sent:
// the tests of "Forgot your password?" read the mail the CMS sends through it. Plain SMTP without
// authentication, on 127.0.0.1 only. Used by the CMS tests and by the browser tests' CMS.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/** The text of a message: headers dropped, quoted-printable undone (enough for plain-text mail). */
export function messageText(raw) {
  const body = raw.replace(/\r\n/g, '\n').split('\n\n').slice(1).join('\n\n');
  const quotedPrintable = /content-transfer-encoding:\s*quoted-printable/i.test(raw);
  if (!quotedPrintable) return body;
  return Buffer.from(
    body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/**
 * Starts the server on `port` (0: any free one). Each message is kept in `messages` as
 * {to: [addresses], subject, text}, and written as JSON into `folder` when one is given.
 */
export async function startSmtpCapture({ port = 0, folder } = {}) {
  const messages = [];
  // While held, messages are taken in but not kept (nor acknowledged) until released.
  let held = null;
  if (folder) mkdirSync(folder, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', async () => {
        await held?.promise;
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = /^subject:\s*(.*)$/im.exec(raw)?.[1]?.trim() ?? '';
        const message = { to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()), subject, text: messageText(raw) };
        messages.push(message);
        if (folder) writeFileSync(join(folder, `${Date.now()}-${messages.length}.json`), JSON.stringify(message));
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    port: server.server.address().port,
    messages,
    /** Holds every message until the returned function is called. */
    hold() {
      let release;
      const promise = new Promise((resolve) => (release = resolve));
      held = { promise };
      return () => {
        held = null;
        release();
      };
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
