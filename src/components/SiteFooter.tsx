import { mail } from "../content/mail";
import { safety } from "../content/safety";
import type { SiteContent } from "../content/types";
import type { SiteUrls } from "../lib/routes";
import { MailLink } from "./Links";

export function SiteFooter({ site, urls }: { site: SiteContent; urls: SiteUrls }) {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <p className="site-footer__name">{site.brand}</p>
          <p className="site-footer__tagline">{site.tagline}</p>
        </div>
        <div className="site-footer__contact">
          <p className="site-footer__label">Write to us</p>
          <MailLink email={site.email} preset={mail.generalInquiry}>
            {site.email}
          </MailLink>
        </div>
        <p className="site-footer__safety">
          Listen with stereo headphones at a low volume, and never while driving.{" "}
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
