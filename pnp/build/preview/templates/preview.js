(function () {
  "use strict";
  // Search: a card is shown when every word typed is in its id, name or text.
  var box = document.getElementById("search");
  var shown = document.getElementById("shown");
  var cards = Array.prototype.slice.call(document.querySelectorAll(".card"));
  var decks = Array.prototype.slice.call(document.querySelectorAll(".deck"));

  function filter() {
    var words = box.value.toLowerCase().split(/\s+/).filter(Boolean);
    var count = 0;
    cards.forEach(function (card) {
      var text = card.getAttribute("data-search") + " " + card.getAttribute("data-id");
      var match = words.every(function (word) { return text.indexOf(word) >= 0; });
      card.hidden = !match;
      count += match ? 1 : 0;
    });
    decks.forEach(function (deck) { deck.hidden = !deck.querySelector(".card:not([hidden])"); });
    document.body.classList.toggle("searching", words.length > 0);
    shown.textContent = words.length ? count + " of " + cards.length + " cards" : cards.length + " cards";
    if (words.length || /^#search=/.test(location.hash)) {
      try {  // kept in the address, so a reload keeps it
        history.replaceState(null, "", words.length ? "#search=" + encodeURIComponent(box.value) : location.pathname);
      } catch (error) { /* a browser may refuse it for a file: address; the search still works */ }
    }
  }

  var kept = /^#search=(.*)$/.exec(location.hash);
  if (kept) {
    try { box.value = decodeURIComponent(kept[1]); }
    catch (error) { box.value = kept[1]; }  // "#search=%" is no escape: taken as written, the page still works
  }
  box.addEventListener("input", filter);
  filter();

  // Live reload: stamp.js holds a digest of the gallery; when it changes, the gallery was rewritten.
  var loaded = document.documentElement.getAttribute("data-stamp");
  function poll() {
    var script = document.createElement("script");
    script.src = "stamp.js?" + Date.now();
    script.onload = function () {
      script.remove();
      if (window.PNP_PREVIEW_STAMP && window.PNP_PREVIEW_STAMP !== loaded) { location.reload(); }
    };
    script.onerror = function () { script.remove(); };  // the folder is being swapped: try again next time
    document.head.appendChild(script);
  }
  setInterval(poll, RELOAD_SECONDS * 1000);
})();
