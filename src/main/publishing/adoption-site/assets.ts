import { foldForSearch } from '../../../shared/names';

/**
 * The site's stylesheet and script, written as files of the deploy (the policy allows scripts and
 * styles from the site itself only). Light and dark follow the visitor's setting; print drops the
 * navigation and keeps cards whole.
 */
export const SITE_CSS = `:root{color-scheme:light dark;--ink:#1f2933;--muted:#4a5563;--card:#fff;--page:#f5f7fa;--accent:#0b6e69;--on-accent:#fff;--line:#cbd2d9;--focus:#b45309;--tint:#d7ecea;--pending:#8a4b00;--pending-bg:#fdf0dc}
@media (prefers-color-scheme:dark){:root{--ink:#e4e7eb;--muted:#b8c2cc;--card:#1f2933;--page:#12181f;--accent:#5eead4;--on-accent:#12181f;--line:#3e4c59;--focus:#fbbf24;--tint:#163a3a;--pending:#fcd34d;--pending-bg:#3b2a0c}}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:var(--page)}
a{color:var(--accent)}
a:focus-visible,input:focus-visible,select:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.skip{position:absolute;left:-999px;top:0;background:var(--card);padding:.5rem 1rem}
.skip:focus{left:1rem}
header.site,main,footer.site{max-width:72rem;margin:0 auto;padding:1rem 1.25rem}
header.site{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.75rem;border-bottom:1px solid var(--line)}
.brand{display:flex;align-items:center;gap:.75rem;font-weight:700;font-size:1.25rem;color:var(--ink);text-decoration:none}
.brand img{border-radius:.5rem;object-fit:contain}
header.site nav a{margin-left:1rem}
h1{margin:1rem 0 .25rem;font-size:clamp(1.6rem,4vw,2.4rem);line-height:1.2;overflow-wrap:anywhere}
.lead{margin:0 0 1rem;color:var(--muted)}
.browse{display:grid;gap:.35rem;margin:0 0 1.25rem;font-size:.95rem}
.browse span{color:var(--muted);display:inline-block;min-width:5.5rem}
.browse a{display:inline-block;margin:0 .5rem .25rem 0}
.browse a[aria-current]{font-weight:700;color:var(--ink)}
.finder[hidden]{display:none}
.finder{display:flex;flex-wrap:wrap;gap:.75rem;align-items:end;margin:0 0 1.25rem;padding:1rem;background:var(--card);border:1px solid var(--line);border-radius:.75rem}
.finder label{display:grid;gap:.25rem;font-size:.875rem;color:var(--muted)}
.finder .search{flex:1 1 14rem}
.finder input,.finder select{font:inherit;color:var(--ink);background:var(--page);border:1px solid var(--line);border-radius:.5rem;padding:.45rem .6rem;min-height:2.5rem}
.finder .count{flex-basis:100%;margin:0;color:var(--muted)}
.js-finder .browse{display:none}
.filters{margin:0 0 1.25rem}
.filters>summary{display:inline-flex;align-items:center;min-height:2.75rem;padding:.5rem 1rem;border:1px solid var(--line);border-radius:.5rem;background:var(--card);cursor:pointer;font-weight:600}
.filters[open]>summary{margin-bottom:.75rem}
@supports selector(::details-content){@media (min-width:48rem){.filters>summary{display:none}.filters::details-content{content-visibility:visible;display:block}}}
.cards{list-style:none;margin:0;padding:0;display:grid;gap:1rem;grid-template-columns:repeat(auto-fill,minmax(13rem,1fr))}
.card a{display:block;height:100%;background:var(--card);border:1px solid var(--line);border-radius:.75rem;overflow:hidden;color:var(--ink);text-decoration:none}
.card a:hover h3{text-decoration:underline}
.card img,.no-photo{display:block;width:100%;height:auto;aspect-ratio:1/1;object-fit:cover;background:var(--line)}
.no-photo{display:grid;place-items:center;background:var(--tint);color:var(--accent);font-weight:700;font-size:3.5rem;letter-spacing:.05em;line-height:1;overflow:hidden}
.no-photo.large{aspect-ratio:4/3;border-radius:.75rem;font-size:6rem}
.badge{display:inline-block;margin:.35rem .9rem 0;padding:.1rem .5rem;border-radius:999px;font-size:.8rem;font-weight:600;color:var(--pending);background:var(--pending-bg)}
.status{padding:.75rem 1rem;border-radius:.75rem;border:1px solid var(--line);background:var(--card)}
.status.pending{color:var(--pending);background:var(--pending-bg);border-color:var(--pending)}
.status.adopted{border-color:var(--accent)}
.card h3{margin:.6rem .9rem .1rem;font-size:1.15rem;overflow-wrap:anywhere}
.card p{margin:0 .9rem .8rem;color:var(--muted);font-size:.9rem}
.empty{background:var(--card);border:1px dashed var(--line);border-radius:.75rem;padding:2rem;text-align:center;color:var(--muted)}
.pages{display:flex;flex-wrap:wrap;gap:.5rem;margin:1.5rem 0;align-items:center}
.pages a{padding:.35rem .7rem;border:1px solid var(--line);border-radius:.5rem;background:var(--card);text-decoration:none}
.pages a[aria-current]{background:var(--accent);color:var(--on-accent);border-color:var(--accent)}
.crumbs{margin:1rem 0 0;font-size:.9rem;color:var(--muted)}
.pet{display:grid;gap:1.5rem;grid-template-columns:minmax(0,1.2fr) minmax(0,1fr);align-items:start}
@media (max-width:48rem){.pet{grid-template-columns:1fr}}
.cover{margin:0}
.cover img{width:100%;height:auto;border-radius:.75rem}
.gallery{list-style:none;margin:.75rem 0 0;padding:0;display:grid;gap:.5rem;grid-template-columns:repeat(auto-fill,minmax(6rem,1fr))}
.gallery img{width:100%;height:auto;aspect-ratio:1/1;object-fit:cover;border-radius:.5rem}
.facts{display:grid;grid-template-columns:auto 1fr;gap:.3rem 1rem;margin:0 0 1rem}
.facts dt{color:var(--muted)}.facts dd{margin:0;overflow-wrap:anywhere}
.ask{padding:1rem;background:var(--card);border:1px solid var(--line);border-radius:.75rem}
.how{margin:2rem 0;padding:1rem 1.25rem;background:var(--card);border:1px solid var(--line);border-radius:.75rem}
.how h2{margin-top:0}
footer.site{color:var(--muted);border-top:1px solid var(--line);margin-top:2rem}
footer.site h2{font-size:1.1rem;color:var(--ink)}
@media print{
  header.site nav,.skip,.filters,.pages,.crumbs{display:none}
  body{background:#fff;color:#000}
  .card a,.how,.ask{border-color:#999;break-inside:avoid}
  a{color:#000;text-decoration:none}
  .pet{grid-template-columns:1fr 1fr}
}
`;

/**
 * Search and combined filters over assets/pets.json, folding what is typed with the engine's own
 * `foldForSearch` (its source, embedded). The form stays hidden until this script has the index:
 * without it (JavaScript off, or the index not loaded) the page keeps its own cards, pages and
 * filter links, and shows no form that would do nothing.
 */
export const SITE_JS = `(function () {
  'use strict';
  var fold = ${foldForSearch.toString()};
  var form = document.getElementById('finder');
  var list = document.querySelector('[data-list]');
  if (!form || !list || !window.fetch) return;
  fetch('/assets/pets.json').then(function (response) {
    if (!response.ok) throw new Error(String(response.status));
    return response.json();
  }).then(function (pets) {
    var original = list.innerHTML;
    var count = document.getElementById('finder-count');
    var params = new URLSearchParams(location.search);
    Array.prototype.forEach.call(form.elements, function (field) {
      if (field.name && params.has(field.name)) field.value = params.get(field.name);
    });
    function text(tag, value, className) {
      var node = document.createElement(tag);
      node.textContent = value;
      if (className) node.className = className;
      return node;
    }
    function card(pet) {
      var item = document.createElement('li');
      item.className = 'card';
      var link = document.createElement('a');
      link.href = pet.u;
      if (pet.t) {
        var image = document.createElement('img');
        image.src = pet.t.s; image.width = pet.t.w; image.height = pet.t.h; image.alt = pet.t.a; image.loading = 'lazy';
        link.appendChild(image);
      } else {
        var initials = text('span', pet.i, 'no-photo');
        initials.setAttribute('aria-hidden', 'true');
        link.appendChild(initials);
      }
      link.appendChild(text('h3', pet.n));
      if (pet.p) link.appendChild(text('span', form.getAttribute('data-pending'), 'badge'));
      link.appendChild(text('p', pet.d));
      item.appendChild(link);
      return item;
    }
    function apply() {
      var typed = (form.elements.q.value || '').trim();
      var query = fold(typed);
      var chosen = {};
      var active = query !== '';
      ['category', 'sex', 'age', 'size', 'good-with'].forEach(function (name) {
        var field = form.elements[name];
        if (field && field.value) { chosen[name] = field.value; active = true; }
      });
      var next = new URLSearchParams();
      if (typed) next.set('q', typed);
      Object.keys(chosen).forEach(function (name) { next.set(name, chosen[name]); });
      history.replaceState(null, '', location.pathname + (next.toString() ? '?' + next : ''));
      if (!active) { list.innerHTML = original; count.textContent = ''; return; }
      var found = pets.filter(function (pet) {
        if (query && pet.f.indexOf(query) === -1) return false;
        return Object.keys(chosen).every(function (name) {
          return name === 'good-with' ? pet[name].indexOf(chosen[name]) !== -1 : pet[name] === chosen[name];
        });
      });
      var cards = document.createElement('ul');
      cards.className = 'cards';
      cards.id = 'cards';
      found.forEach(function (pet) { cards.appendChild(card(pet)); });
      list.replaceChildren(cards);
      count.textContent = found.length === 1 ? form.getAttribute('data-match-one') : form.getAttribute('data-match-other').replace('{count}', String(found.length));
    }
    form.addEventListener('input', apply);
    form.addEventListener('submit', function (event) { event.preventDefault(); apply(); });
    form.hidden = false;
    document.documentElement.className += ' js-finder';
    apply();
  }).catch(function () { /* the links and pages still work */ });
})();
`;
