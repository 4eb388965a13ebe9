import { frame } from "../content/frame";
import { mail } from "../content/mail";
import { safety } from "../content/safety";
import type { SiteContent } from "../content/types";
import type { SiteUrls } from "../lib/routes";
import { Island } from "./Island";
import { MailLink } from "./Links";
import { Text } from "./Text";

export function SiteFooter({ site, urls }: { site: SiteContent; urls: SiteUrls }) {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <p className="site-footer__name">{site.brand}</p>
          <p className="site-footer__tagline">{site.tagline}</p>
        </div>
        <div className="site-footer__contact">
          <p className="site-footer__label">
            <Text text={frame.footer.contactLabel} />
          </p>
          <MailLink email={site.email} preset={mail.generalInquiry}>
            {site.email}
          </MailLink>
          <Island name="CopyAddress" props={{ address: site.email, labels: frame.copyAddress }} />
        </div>
        <p className="site-footer__safety">
          <Text text={frame.footer.safety} />{" "}
          <a className="text-link" href={urls.path(`${safety.page}#${safety.id}`)}>
            {safety.title}
          </a>
        </p>
        <p className="site-footer__legal">
          © {site.copyrightYear} {site.brand}
        </p>
      </div>
    </footer>
  );
}
