/*
 * Tales embed: sizes the frames of this site's tales on any page. Put it once on the page, after
 * or before the frames:
 *
 *   <iframe src="https://tales.example/tale/42" title="…" style="width:100%;border:0" loading="lazy"></iframe>
 *   <script src="https://tales.example/embed.js" async></script>
 *
 * A framed tale posts {type: "tales:height", height} to its parent whenever its height changes;
 * this script sets the height of the frame that sent it. Only messages from the origin this script
 * came from are taken, so another site's frame cannot resize (or spoof) ours.
 */
(function () {
  var script = document.currentScript;
  if (!script || !script.src) return;
  var origin = new URL(script.src, location.href).origin;
  var listening = (window.__talesEmbed = window.__talesEmbed || {});
  if (listening[origin]) return;
  listening[origin] = true;
  var MAX_HEIGHT = 100000;

  window.addEventListener('message', function (event) {
    if (event.origin !== origin) return;
    var data = event.data;
    if (!data || data.type !== 'tales:height') return;
    var height = Number(data.height);
    if (!isFinite(height) || height < 0) return;
    var frames = document.getElementsByTagName('iframe');
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].contentWindow === event.source) {
        frames[i].style.height = Math.min(Math.ceil(height), MAX_HEIGHT) + 'px';
        return;
      }
    }
  });
})();
