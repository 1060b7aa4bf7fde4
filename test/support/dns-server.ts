import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';
import dnsPacket from 'dns-packet';

/**
 * A tiny DNS server on 127.0.0.1 for the suites of issue 39 (node:dgram with `dns-packet`): it
 * answers TXT questions from `txt` and NXDOMAIN for any other name, and `failing` names with
 * SERVFAIL. The server under test reaches it through DNS_RESOLVER=`address`, so the real
 * node:dns lookup runs.
 */
export interface TestDnsServer {
  /** `127.0.0.1:port`, for DNS_RESOLVER. */
  address: string;
  txt: Map<string, string[]>;
  failing: Set<string>;
  /** Names asked, in order. */
  asked: string[];
  close(): Promise<void>;
}

export async function startDnsServer(): Promise<TestDnsServer> {
  const socket = dgram.createSocket('udp4');
  const txt = new Map<string, string[]>();
  const failing = new Set<string>();
  const asked: string[] = [];
  socket.on('message', (message, peer) => {
    let query: dnsPacket.Packet;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    if (!question) return;
    const name = question.name.toLowerCase();
    asked.push(name);
    const values = question.type === 'TXT' ? txt.get(name) : undefined;
    // The response code is the flags' low four bits: 0 NOERROR, 2 SERVFAIL, 3 NXDOMAIN.
    const rcode = failing.has(name) ? 2 : values || txt.has(name) ? 0 : 3;
    const answer = dnsPacket.encode({
      id: query.id,
      type: 'response',
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | rcode,
      questions: [question],
      answers: rcode === 0 ? (values ?? []).map((data) => ({ type: 'TXT' as const, name: question.name, ttl: 0, class: 'IN' as const, data })) : [],
    } as dnsPacket.Packet);
    socket.send(answer, peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  return { address: `127.0.0.1:${port}`, txt, failing, asked, close: () => new Promise((resolve) => socket.close(() => resolve())) };
}
