// Strapi console customisation. The console must not call out to the internet: no release check
// (it fetches GitHub's API from the editor's browser) and no tutorials panel.
export default {
  config: {
    notifications: { releases: false },
    tutorials: false,
  },
  bootstrap() {},
};
