// The app's service worker, served at /sw.js so that its scope is the whole site. Each concern
// keeps its handlers in a file of its own, pulled in here.
/** @type {any} a worker's global scope */ (self).importScripts("/static/sw-push.js");
