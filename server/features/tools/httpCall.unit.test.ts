import { describe, expect, it } from 'vitest';
import { addressAllowed } from './httpCall';

/** The server-side HTTP tool reaches only genuinely public addresses unless configuration allows a range. */
const none = { allow: [] as string[] };

// Every spelling of an address that is not public: loopback, private, link-local and cloud
// metadata, in IPv4 and in every IPv6 form that carries an IPv4 address.
const loopback = [
  '127.0.0.1',
  '127.1.2.3',
  '127.1',
  '0x7f.0.0.1',
  '0177.0.0.1',
  '2130706433',
  '0x7f000001',
  '::1',
  '0:0:0:0:0:0:0:1',
  '0000:0000:0000:0000:0000:0000:0000:0001',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::FFFF:7F00:0001',
  '0:0:0:0:0:ffff:7f00:1',
  '::127.0.0.1', // IPv4-compatible, which ipaddr.js alone reads as IPv4-mapped
  '::7f00:1',
  '0::7f00:0001',
  '0:0:0:0:0:0:127.0.0.1',
  '::127.1.2.3',
  '::ffff:0:7f00:1', // SIIT
  '::ffff:0:127.0.0.1',
  '64:ff9b::127.0.0.1', // NAT64
  '64:ff9b::7f00:1',
  '64:ff9b:1::7f00:1', // NAT64 local use
  '2002:7f00:1::', // 6to4
  '2002:7f00:0001:0000::1',
  '2001:0:4136:e378:8000:63bf:80ff:fffe', // Teredo, client 127.0.0.1
];
const privateNets = [
  '10.0.0.1',
  '10.255.255.255',
  '172.16.5.4',
  '172.31.0.1',
  '192.168.1.1',
  '100.64.0.1',
  '::ffff:10.0.0.1',
  '::ffff:a00:1',
  '::a00:1',
  '::10.0.0.1',
  '::ffff:0:a00:1',
  '64:ff9b::10.0.0.1',
  '64:ff9b::c0a8:101',
  '2002:a00:1::1',
  '2002:c0a8:101::1',
  'fc00::1',
  'fd12:3456:789a::1',
];
const linkLocalAndMetadata = [
  '169.254.169.254',
  '169.254.0.1',
  '0xa9fea9fe',
  '2852039166',
  '::ffff:169.254.169.254',
  '::ffff:a9fe:a9fe',
  '::169.254.169.254',
  '::a9fe:a9fe',
  '::ffff:0:a9fe:a9fe',
  '64:ff9b::a9fe:a9fe',
  '64:ff9b::169.254.169.254',
  '2002:a9fe:a9fe::1',
  'fd00:ec2::254', // the IPv6 metadata address of one cloud
  'fe80::1',
  'fe80::a9fe:a9fe',
  'febf::1',
  'fe80::1%eth0',
];
const otherNotPublic = [
  '0.0.0.0',
  '0.1.2.3',
  '::',
  '::ffff:0.0.0.0',
  '255.255.255.255',
  '224.0.0.1',
  'ff02::1',
  '240.0.0.1',
  '192.0.2.1',
  '192.0.0.8',
  '198.18.0.1',
  '2001:db8::1',
  '3fff::1',
  'fec0::1',
  '100::1',
  '4000::1', // outside global unicast 2000::/3
  'c000::1',
  '::808:808', // IPv4-compatible, deprecated, refused whatever it carries
  '2001:0:808:808::1', // Teredo
  '5f00::1',
];
const garbage = ['', 'localhost', 'example.com', '1.2.3.4.5', '::ffff:1.2.3.4.5', 'x@8.8.8.8', '[::1]', '8.8.8.8/32', ' 8.8.8.8'];

const publicAddresses = [
  '8.8.8.8',
  '1.1.1.1',
  '93.184.216.34',
  '::ffff:8.8.8.8',
  '::ffff:808:808',
  '2606:4700:4700::1111',
  '2001:4860:4860::8888',
  '2a00:1450:4001:80b::200e',
  '64:ff9b::808:808', // NAT64 of a public address, as DNS64 answers on IPv6-only networks
  '2002:808:808::1', // 6to4 of a public address
];

describe('addressAllowed', () => {
  it.each([...loopback, ...privateNets, ...linkLocalAndMetadata, ...otherNotPublic, ...garbage])('refuses %s', (a) => {
    expect(addressAllowed(a, none)).toBe(false);
  });

  it.each(publicAddresses)('allows the public %s', (a) => {
    expect(addressAllowed(a, none)).toBe(true);
  });

  it('allows a configured range, also when its IPv4 addresses are written in an IPv6 form judged by them', () => {
    const policy = { allow: ['127.0.0.2/32', 'fd00::/8'] };
    for (const a of ['127.0.0.2', '::ffff:127.0.0.2', '::ffff:7f00:2', '64:ff9b::7f00:2', '2002:7f00:2::1', 'fd00::5'])
      expect(addressAllowed(a, policy), a).toBe(true);
    // the neighbours, the deprecated IPv4-compatible form and Teredo stay refused
    for (const a of ['127.0.0.1', '127.0.0.3', '::7f00:2', '::127.0.0.2', 'fc00::1', '169.254.169.254'])
      expect(addressAllowed(a, policy), a).toBe(false);
  });

  it('ignores unreadable allow entries', () => {
    expect(addressAllowed('127.0.0.1', { allow: ['nonsense', '127.0.0.1/99'] })).toBe(false);
  });
});
