import { ButtonLink } from "../components/Links";
import { PageIntro } from "../components/Section";
import type { PageMeta, PageProps } from "./types";

/** Served by static hosts for any unknown address, at any depth, so every URL in it is absolute. */
export const meta: PageMeta = {
  path: "/404.html",
  title: "Page not found",
  description:
    "The page you were looking for is not here. Find your way back to the fields, our custom services or the contact page.",
  noindex: true,
};

export function Page({ url }: PageProps) {
  return (
    <PageIntro
      eyebrow="404"
      title="This page is not here"
      lead="The address may be mistyped, or the page may have moved. These will take you back in."
    >
      <ButtonLink href={url("/")}>Go to the home page</ButtonLink>
      <ButtonLink href={url("/products/")} variant="secondary">
        Explore The Fields
      </ButtonLink>
    </PageIntro>
  );
}
