/** The help centre's page (its articles are in features/help/articles, loaded with the page). */
export default {
  help: {
    search: 'Search the articles',
    noMatch: 'No matching article',
    goTo: 'Go to {{page}}',
    openApiDocs: 'Open the API reference',
  },
};
