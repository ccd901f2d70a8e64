// Cucumber's setup for QA's Gherkin export (issue 37): the .feature files `npm run paths:cucumber` writes (one per
// lifecycle machine) run through the API of the server at BASE_URL, with the step definitions of tests/cucumber/
// (TypeScript, loaded through tsx). `BASE_URL=http://localhost:3000 npx cucumber-js` runs the features exported last;
// QA_FEATURES names other ones (cucumber merges paths given on its command line with these).
export default {
  paths: [process.env.QA_FEATURES ?? '.qa-paths/features/*.feature'],
  import: ['tests/cucumber/register-tsx.mjs', 'tests/cucumber/**/*.steps.ts'],
  format: ['progress', 'summary', 'junit:.qa-paths/cucumber-junit.xml'],
  strict: true,
};
