// The widget build (quote form, FAQ accordion, nav dropdown, notices, partner embed) arrives with the
// widget issue. Until then no page loads JavaScript (tests/site/budget.test.js holds that line), and the
// islands in site/_includes/partials/ are plain HTML that works on its own.
export default {};
