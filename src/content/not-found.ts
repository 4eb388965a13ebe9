/** The page static hosts serve for an unknown address. */
export const notFound = {
  title: "Page not found",
  description:
    "The page you were looking for is not here. Find your way back to the fields, our custom services or the contact page.",
  intro: {
    eyebrow: "404",
    title: "This page is not here",
    lead: "The address may be mistyped, or the page may have moved. These will take you back in.",
    home: "Go to the home page",
    explore: "Explore The Fields",
  },
};
