// Decap CMS starts by itself when its script loads; cms-init.js starts it instead, after registering
// the format the list files need.
/** @type {any} */ (window).CMS_MANUAL_INIT = true;
