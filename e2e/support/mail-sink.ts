import http from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { E2E_MAILBOX_PORT, E2E_SMTP_PORT } from './env';

/*
 * The browser tests' mail server (issue 19): a process of the test run, not of the app. The app
 * under test sends to it through its ordinary SMTP adapter (SMTP_URL), so nothing in the app
 * hands out mails' secrets; the tests read each recipient's mails at GET /mails?to=<address>,
 * the way a person opens their mailbox. It keeps everything in memory until the run ends.
 */

interface ArrivedMail {
  to: string[];
  subject: string;
  text: string;
  receivedAt: string;
}

const arrived: ArrivedMail[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        arrived.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          receivedAt: new Date().toISOString(),
        });
        callback();
      })
      .catch(callback);
  },
});

const mailbox = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://mailbox');
  if (url.pathname === '/health') {
    res.end('ok');
    return;
  }
  if (url.pathname !== '/mails') {
    res.statusCode = 404;
    res.end();
    return;
  }
  const to = url.searchParams.get('to')?.toLowerCase();
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(arrived.filter((m) => !to || m.to.includes(to))));
});

smtp.listen(E2E_SMTP_PORT, '127.0.0.1', () => {
  mailbox.listen(E2E_MAILBOX_PORT, '127.0.0.1');
});
const stop = () => {
  mailbox.close();
  smtp.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
