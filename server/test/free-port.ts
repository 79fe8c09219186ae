// A port for a process a test starts, which binds it some time later.
import net from 'node:net';

// Linux hands out local ports for outgoing connections from 32768–60999 (ip_local_port_range), and so does
// `listen(0)`. A port from that range, once released, can be taken by any outgoing connection on the machine
// (a test run opens thousands to PostgreSQL) before the child process binds it: `npm start` listens only
// after its migrations, seconds later, and then failed with "port … is already in use". Below the range, only
// another listener can take it.
const FIRST = 20_000;
const COUNT = 12_000;

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port on 127.0.0.1 that nothing listens on now, outside the range outgoing connections take theirs from. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = FIRST + Math.floor(Math.random() * COUNT);
    if (await canListen(port)) return port;
  }
}
