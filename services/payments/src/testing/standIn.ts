// Listening and closing for the test stand-ins of our other services (identity, card): a real
// node:http server on a free local port.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function listenLocally(server: Server): Promise<{ url: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
