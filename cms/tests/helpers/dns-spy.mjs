// Preloaded into a test CMS (NODE_OPTIONS=--import): records every MX lookup in DNS_SPY_FILE and
// fails it at once, so a test can tell whether anything tried to send an e-mail.
import { appendFileSync } from 'node:fs';
import dns from 'node:dns';
import dnsPromises from 'node:dns/promises';

const record = (domain) => appendFileSync(process.env.DNS_SPY_FILE, `${domain}\n`);
const refused = (domain) => Object.assign(new Error(`queryMx ENOTFOUND ${domain}`), { code: 'ENOTFOUND' });

dnsPromises.resolveMx = async (domain) => {
  record(domain);
  throw refused(domain);
};
dnsPromises.Resolver.prototype.resolveMx = dnsPromises.resolveMx;
dns.resolveMx = (domain, callback) => {
  record(domain);
  process.nextTick(callback, refused(domain));
};
dns.Resolver.prototype.resolveMx = dns.resolveMx;
