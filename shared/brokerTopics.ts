/**
 * Topics a browser may never publish to: the server's sysinfo/…, the devices' thing/… and sys/…, and the broker's $-topics.
 * One rule for both sides: the broker ACL refuses them (server/mqtt/acl.ts), and the console does not send them
 * (src/features/broker/brokerSaga.ts), since a refused QoS 1 publish is replayed after every reconnect.
 */
export function isReservedForBrowsers(topic: string): boolean {
  const first = topic.split('/', 1)[0];
  return topic.startsWith('$') || first === 'sysinfo' || first === 'thing' || first === 'sys';
}
