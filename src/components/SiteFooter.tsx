import { frame } from "../content/frame";
import { mail } from "../content/mail";
import { safety } from "../content/safety";
import type { SiteContent } from "../content/types";
import type { NavItem } from "../islands/SiteHeader";
import { FollowForm } from "./FollowForm";
import { Island } from "./Island";
import { MailLink } from "./Links";
import { Paragraph, Text, useUrl } from "./Text";

/** The footer's last line: the first paint waits for it to open (see Document's <head>). */
export const LAST_LINE_ID = "site-footer-legal";

export function SiteFooter({
  site,
  nav,
  follow,
}: {
  site: SiteContent;
  nav: readonly NavItem[];
  /** The form that follows the studio, unless the page has its own. */
  follow: boolean;
}) {
  const url = useUrl();
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <p className="site-footer__name">{site.brand}</p>
          <p className="site-footer__tagline">{site.tagline}</p>
        </div>
        <div className="site-footer__contact">
          <Paragraph className="site-footer__label" text={frame.footer.contactLabel} />
          <MailLink email={site.email} preset={mail.generalInquiry}>
            {site.email}
          </MailLink>
          <Island name="CopyAddress" props={{ address: site.email, labels: frame.copyAddress }} />
        </div>
        {follow && (
          <FollowForm site={site} id="follow-email" title={frame.follow.title} titleClass="site-footer__label" />
        )}
        <nav className="site-footer__pages" aria-label={frame.footer.pagesLabel}>
          <ul>
            {nav.map((item) => (
              <li key={item.href}>
                <a className="text-link" href={item.href} aria-current={item.current ? "page" : undefined}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <p className="site-footer__safety">
          <Text text={frame.footer.safety} />{" "}
          <a className="text-link" href={url(`${safety.page}#${safety.id}`)}>
            {safety.title}
          </a>
        </p>
        <p id={LAST_LINE_ID} className="site-footer__legal">
          © {site.copyrightYear} {site.brand}
        </p>
      </div>
    </footer>
  );
}
