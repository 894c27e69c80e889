/**
 * Addresses whose domain is not the organization's: an e-mail address at a mailbox anyone can have
 * (`jane@gmail.com` names Gmail, not Jane's employer), and a page on a site that hosts other
 * organizations' pages (`linkedin.com/company/acme`, a short link, a SharePoint site). Sent as the
 * website, each would match the host (Google, LinkedIn) and show its score for the supplier.
 *
 * Kept here rather than taken from the published lists of free e-mail domains (`email-providers`,
 * `free-email-domains`): those hold every domain that ever offered mail, companies among them
 * (facebook.com, bt.com, saudia.com), whose own staff's addresses do name them. These are the
 * mailboxes and hosts supplier lists are full of; the site's own root (`linkedin.com`) stays the
 * organization's.
 */
import { t } from '../../i18n/translate';

/** A set of the words of a text block, one list per block kept readable. */
const words = (text: string): ReadonlySet<string> => new Set(text.trim().split(/\s+/));

/** Mailbox providers' registrable domains: an address there is a person's, whoever they work for. */
const MAILBOXES = words(`
  gmail.com googlemail.com outlook.com hotmail.com live.com msn.com passport.com ymail.com
  rocketmail.com aol.com aim.com icloud.com me.com mac.com proton.me protonmail.com pm.me
  tutanota.com tuta.io fastmail.com fastmail.fm hey.com mail.com zoho.com zohomail.com gmx.net
  web.de t-online.de freenet.de mail.ru list.ru bk.ru inbox.ru ya.ru rambler.ru ukr.net qq.com
  foxmail.com 163.com 126.com yeah.net sina.com sina.cn sohu.com aliyun.com naver.com daum.net
  hanmail.net nate.com orange.fr wanadoo.fr free.fr laposte.net sfr.fr neuf.fr libero.it
  virgilio.it tiscali.it alice.it tin.it seznam.cz centrum.cz wp.pl o2.pl onet.pl interia.pl
  btinternet.com sky.com virginmedia.com ntlworld.com talktalk.net blueyonder.co.uk comcast.net
  verizon.net att.net sbcglobal.net bellsouth.net cox.net charter.net earthlink.net juno.com
  rogers.com shaw.ca sympatico.ca telus.net bigpond.com bigpond.net.au optusnet.com.au
  rediffmail.com uol.com.br bol.com.br terra.com.br ig.com.br bluewin.ch telenet.be skynet.be
  home.nl ziggo.nl kpnmail.nl eircom.net
`);

/** Providers with one mailbox domain per country (`hotmail.co.uk`, `yahoo.fr`, `gmx.de`): their first label. */
const MAILBOX_FAMILIES = new Set(['hotmail', 'outlook', 'live', 'yahoo', 'gmx', 'yandex']);

/**
 * Sites whose pages are other organizations' profiles, posts, documents or redirects: a page on one
 * (anything below its root, or a sub-domain) names no organization of its own.
 */
const PAGE_HOSTS = words(`
  linkedin.com lnkd.in xing.com facebook.com fb.com fb.me instagram.com twitter.com x.com t.co
  youtube.com youtu.be tiktok.com pinterest.com threads.net medium.com github.com gitlab.com
  bitbucket.org wikipedia.org wikidata.org crunchbase.com bloomberg.com dnb.com zoominfo.com
  opencorporates.com gleif.org glassdoor.com indeed.com yelp.com trustpilot.com google.com goo.gl
  g.page bit.ly tinyurl.com ow.ly archive.org sharepoint.com dropbox.com
`);

/** Why an e-mail address at `domain` names no organization, or null when it names the domain's owner. */
export function mailboxHost(domain: string): string | null {
  const family = domain.split('.')[0];
  return MAILBOXES.has(domain) || MAILBOX_FAMILIES.has(family) ? t('cells.mailbox', { domain }) : null;
}

/** Why a page below the root of a site on `domain` names no organization, or null when the site is its own. */
export function pageHost(domain: string): string | null {
  return PAGE_HOSTS.has(domain) ? t('cells.pageHost', { domain }) : null;
}
