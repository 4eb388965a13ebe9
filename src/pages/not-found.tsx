import { ButtonLink } from "../components/Links";
import { PageIntro } from "../components/Section";
import { notFound } from "../content/not-found";
import type { PageMeta, PageProps } from "./types";

/** Served by static hosts for any unknown address, at any depth, so every URL in it is absolute. */
export const meta: PageMeta = {
  path: "/404.html",
  title: notFound.title,
  description: notFound.description,
  noindex: true,
};

export function Page({ url }: PageProps) {
  const { intro } = notFound;
  return (
    <PageIntro eyebrow={intro.eyebrow} title={intro.title} lead={intro.lead}>
      <ButtonLink href={url("/")}>{intro.home}</ButtonLink>
      <ButtonLink href={url("/products/")} variant="secondary">
        {intro.explore}
      </ButtonLink>
    </PageIntro>
  );
}
