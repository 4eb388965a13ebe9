import { describe, expect, it } from "vitest";
import { mail } from "../content/mail";
import { mailtoHref } from "./mailto";

describe("mailtoHref", () => {
  it("encodes spaces as %20, never +", () => {
    const href = mailtoHref("hello@example.com", { subject: "Custom Field Request", body: "Hi there" });
    expect(href).toBe("mailto:hello@example.com?subject=Custom%20Field%20Request&body=Hi%20there");
  });

  it("writes line breaks in the body as CRLF (%0D%0A), as RFC 6068 asks", () => {
    const href = mailtoHref("a@example.com", { subject: "S", body: "one\ntwo" });
    expect(href).toContain("body=one%0D%0Atwo");
  });

  it("escapes characters that would end the subject early", () => {
    const href = mailtoHref("a@example.com", { subject: "Q&A? 100% #1", body: "x=y" });
    const url = new URL(href);
    expect(url.searchParams.get("subject")).toBe("Q&A? 100% #1");
    expect(url.searchParams.get("body")).toBe("x=y");
  });

  it.each(Object.entries(mail))("the %s preset round-trips to its subject and body", (_, preset) => {
    const href = mailtoHref("hello@example.com", preset);
    const query = href.slice(href.indexOf("?") + 1);
    expect(query).not.toContain("+");
    const params = Object.fromEntries(query.split("&").map((pair) => pair.split("=").map(decodeURIComponent)));
    expect(params.subject).toBe(preset.subject);
    expect(params.body).toBe(preset.body.replace(/\n/g, "\r\n"));
  });
});
