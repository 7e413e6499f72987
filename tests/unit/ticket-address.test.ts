/**
 * The address rule of a ticket import (docs/behaviour.md#reading-a-ticket-page-safely), as one
 * table: every address is judged on paper, none is ever asked.
 */
import { describe, expect, it } from 'vitest';
import { t } from '../../src/core/messages';
import { ticketAddressProblem } from '../../src/core/ticket-address';

const PROD = { local: false, ownOrigin: ['https://palco.app', 'https://palco-worker.workers.dev'] };
const LOCAL = { local: true, ownOrigin: ['http://localhost:8787', 'http://127.0.0.1:8787'] };

const invalid = t('ticketImport.address.invalid');
const https = t('ticketImport.address.https');
const ip = t('ticketImport.address.ip');
const priv = t('ticketImport.address.private');
const own = t('ticketImport.address.own');

describe('ticketAddressProblem in production', () => {
  it.each([
    ['https://www.ticketone.it/artist/band-test/', null],
    ['https://www.ticketmaster.it/event/123?affiliate=x#top', null],
    ['https://www.eventbrite.it:443/e/festival', null],
    ['HTTPS://WWW.TICKETONE.IT/', null],
    ['https://biglietti.example.', null],
    // schemes
    ['http://www.ticketone.it/', https],
    ['ftp://www.ticketone.it/', invalid],
    ['file:///etc/passwd', invalid],
    ['javascript:alert(1)', invalid],
    ['data:text/html,<h1>x', invalid],
    ['//www.ticketone.it/', invalid],
    ['www.ticketone.it/artist', invalid],
    ['', invalid],
    // credentials
    ['https://user:pass@www.ticketone.it/', t('ticketImport.address.credentials')],
    ['https://user@www.ticketone.it/', t('ticketImport.address.credentials')],
    ['https://:pass@www.ticketone.it/', t('ticketImport.address.credentials')],
    // ports
    ['https://www.ticketone.it:8443/', t('ticketImport.address.port')],
    ['https://www.ticketone.it:22/', t('ticketImport.address.port')],
    ['https://www.ticketone.it:80/', t('ticketImport.address.port')],
    // the parser writes 443 with a leading zero as the default port, and drops it
    ['https://www.ticketone.it:0443/', null],
    // IPv4 literals: public, private, loopback, link-local and metadata, shared (CGNAT), this network
    ['https://93.184.216.34/', ip],
    ['https://10.0.0.1/', ip],
    ['https://172.16.5.4/', ip],
    ['https://172.31.255.255/', ip],
    ['https://192.168.1.1/', ip],
    ['https://127.0.0.1/', ip],
    ['https://127.1.2.3/', ip],
    ['https://169.254.169.254/latest/meta-data/', ip],
    ['https://100.64.0.1/', ip],
    ['https://100.127.255.254/', ip],
    ['https://0.0.0.0/', ip],
    ['https://224.0.0.1/', ip],
    ['https://255.255.255.255/', ip],
    ['https://0.1.2.3/', ip],
    ['https://172.15.255.255/', ip],
    ['https://192.0.0.8/', ip],
    ['https://198.18.0.1/', ip],
    ['https://239.255.255.250/', ip],
    ['https://240.0.0.1/', ip],
    // the same in the other spellings a URL parser accepts
    ['https://2130706433/', ip],
    ['https://0x7f000001/', ip],
    ['https://0x7f.0.0.1/', ip],
    ['https://0177.0.0.1/', ip],
    ['https://017700000001/', ip],
    ['https://10.1/', ip],
    ['https://127.1/', ip],
    ['https://169.254.43518/', ip],
    ['https://0xa9fea9fe/', ip],
    ['https://127.0.0.1./', ip],
    ['https://0300.0250.0.1/', ip],
    ['https://0xc0.0xa8.1.1/', ip],
    ['https://0xc0a80101/', ip],
    ['https://3232235777/', ip],
    ['https://192.168.257/', ip],
    ['https://172.16.1/', ip],
    ['https://100.64.1/', ip],
    ['https://0/', ip],
    // IPv6 literals: loopback, unspecified, link-local, unique-local, multicast, mapped and
    // compatible IPv4, NAT64, 6to4, a public one
    ['https://[::1]/', ip],
    ['https://[::]/', ip],
    ['https://[fe80::1]/', ip],
    ['https://[fe80::1%25eth0]/', invalid],
    ['https://[fc00::1]/', ip],
    ['https://[fd12:3456:789a::1]/', ip],
    ['https://[ff02::1]/', ip],
    ['https://[::ffff:10.0.0.1]/', ip],
    ['https://[::ffff:a00:1]/', ip],
    ['https://[::ffff:169.254.169.254]/', ip],
    ['https://[::ffff:7f00:1]/', ip],
    ['https://[::127.0.0.1]/', ip],
    ['https://[64:ff9b::a9fe:a9fe]/', ip],
    ['https://[2002:a9fe:a9fe::]/', ip],
    ['https://[2001:4860:4860::8888]/', ip],
    ['https://[FE80::1]/', ip],
    ['https://[febf::1]/', ip],
    ['https://[0:0:0:0:0:0:0:1]/', ip],
    ['https://[::ffff:0:a00:1]/', ip],
    ['https://[::a00:1]/', ip],
    ['https://[::ffff:100.64.0.1]/', ip],
    ['https://[::ffff:192.168.0.1]/', ip],
    ['https://[64:ff9b::10.0.0.1]/', ip],
    ['https://[64:ff9b::7f00:1]/', ip],
    ['https://[2002:a00:1::1]/', ip],
    ['https://[2002:c0a8:101::]/', ip],
    ['https://[ff05::c]/', ip],
    ['https://[100::1]/', ip],
    // names kept for this machine and for local networks, cloud metadata, a name without a dot
    ['https://localhost/', priv],
    ['https://LOCALHOST./', priv],
    ['https://app.localhost/', priv],
    ['https://a.b.localhost/', priv],
    ['https://metadata.google.internal./', priv],
    ['https://host.docker.internal/', priv],
    ['https://server.localdomain/', priv],
    ['https://printer.local/', priv],
    ['https://metadata.google.internal/computeMetadata/v1/', priv],
    ['https://router.lan/', priv],
    ['https://nas.home.arpa/', priv],
    ['https://intranet/', priv],
    ['https://metadata/', priv],
    // Palco itself
    ['https://palco.app/band-test', own],
    ['https://www.palco.app/band-test', own],
    ['https://palco-worker.workers.dev/api/openapi.json', own],
    ['https://PALCO.APP./band-test', own],
  ])('%s', (url, problem) => {
    expect(ticketAddressProblem(url, PROD)).toBe(problem);
  });
});

describe('ticketAddressProblem in the local trial', () => {
  it.each([
    ['http://127.0.0.1:8790/tour-12.html', null],
    ['http://localhost:8790/tour-12.html', null],
    ['http://[::1]:8790/tour-12.html', null],
    ['https://www.ticketone.it/artist/band-test/', null],
    // still refused: any other private address, another scheme, Palco's own port
    ['http://www.ticketone.it/', https],
    ['http://10.0.0.1:8790/', https],
    ['https://192.168.1.10/', ip],
    ['http://127.0.0.2:8790/', https],
    ['https://printer.local/', priv],
    ['http://localhost:8787/demo', own],
    ['http://127.0.0.1:8787/api/openapi.json', own],
    // Palco's port by any loopback name and either scheme
    ['http://[::1]:8787/', own],
    ['https://localhost:8787/', own],
    ['https://127.0.0.1:8787/', own],
    // loopback however the parser accepts it spelt is still loopback
    ['http://2130706433:8790/tour-12.html', null],
    ['http://0x7f.1:8790/tour-12.html', null],
    ['http://LOCALHOST.:8790/tour-12.html', null],
    // but only the three loopback hosts: not a mapped loopback, not 0.0.0.0, not a subdomain
    ['http://[::ffff:127.0.0.1]:8790/', https],
    ['https://[::ffff:127.0.0.1]:8790/', ip],
    ['http://0.0.0.0:8790/', https],
    ['https://0.0.0.0:8790/', ip],
    ['http://app.localhost:8790/', https],
    ['https://169.254.169.254/latest/meta-data/', ip],
    ['http://[fd00::1]:8790/', https],
    ['http://user:pw@127.0.0.1:8790/', t('ticketImport.address.credentials')],
  ])('%s', (url, problem) => {
    expect(ticketAddressProblem(url, LOCAL)).toBe(problem);
  });
});
