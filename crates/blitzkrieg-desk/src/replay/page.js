"use strict";
// The replay: every step's drawing and report come with the page; this script shows
// one step at a time and says what it shows in #status (data-step, data-label,
// data-units, data-battles) and in the URL (#step=N).
(function () {
  const steps = JSON.parse(document.getElementById("replay-data").textContent);
  const overlay = document.getElementById("overlay");
  const map = document.getElementById("map");
  const pane = document.getElementById("map-pane");
  const status = document.getElementById("status");
  const select = document.getElementById("steps");
  const info = document.getElementById("battle-info");
  const hint = info.innerHTML;
  const overview = document.getElementById("overview");
  const view = document.getElementById("view");
  const W = map.viewBox.baseVal.width;
  const H = map.viewBox.baseVal.height;
  let zoom = 3;
  let current = -1;

  steps.forEach(function (s, i) {
    const o = document.createElement("option");
    o.value = String(i);
    o.textContent = (i + 1) + ". " + s.label;
    select.appendChild(o);
  });

  function text(tag, content) {
    const e = document.createElement(tag);
    e.textContent = content;
    return e;
  }

  function sizeMap() {
    map.setAttribute("width", String(Math.round(W * zoom)));
    map.setAttribute("height", String(Math.round(H * zoom)));
  }

  // The part of the board the map pane shows, drawn as a frame on the overview.
  function drawView() {
    view.setAttribute("x", String(pane.scrollLeft / zoom));
    view.setAttribute("y", String(pane.scrollTop / zoom));
    view.setAttribute("width", String(Math.min(W, pane.clientWidth / zoom)));
    view.setAttribute("height", String(Math.min(H, pane.clientHeight / zoom)));
  }

  // Scrolls the map pane so the board point (x, y) is in the middle of it.
  function centreOn(x, y) {
    pane.scrollLeft = Math.max(0, x * zoom - pane.clientWidth / 2);
    pane.scrollTop = Math.max(0, y * zoom - pane.clientHeight / 2);
    drawView();
  }

  function focusOn(f) {
    if (!f) { return; }
    centreOn(f[0] + f[2] / 2, f[1] + f[3] / 2);
  }

  function showBattle(id) {
    const s = steps[current];
    const b = s.battles.find(function (x) { return x.id === id; });
    overlay.querySelectorAll(".battle").forEach(function (g) {
      g.classList.toggle("selected", g.dataset.battle === id);
    });
    info.replaceChildren();
    if (!b) { info.innerHTML = hint; info.dataset.battle = ""; return; }
    info.dataset.battle = b.id;
    info.appendChild(text("h2", "Battle " + b.id + " on " + b.hex + ": " + b.odds + ", " + b.roll + ", " + b.result));
    const ul = document.createElement("ul");
    b.attackers.forEach(function (a) { ul.appendChild(text("li", "attacker " + a)); });
    b.defenders.forEach(function (d) { ul.appendChild(text("li", "defender " + d)); });
    b.doubling.forEach(function (d) { ul.appendChild(text("li", "doubled: " + d)); });
    info.appendChild(ul);
    info.appendChild(text("p", "Strength " + b.strength + "; odds " + b.odds_text));
    info.appendChild(text("p", "Roll " + b.roll_text));
    info.appendChild(text("p", b.table));
    info.appendChild(text("p", "Result " + b.result_text));
  }

  function show(i) {
    i = Math.max(0, Math.min(steps.length - 1, i));
    const s = steps[i];
    current = i;
    overlay.innerHTML = s.overlay;
    overlay.querySelectorAll(".battle").forEach(function (g) {
      g.addEventListener("mouseenter", function () { showBattle(g.dataset.battle); });
      g.addEventListener("click", function () { showBattle(g.dataset.battle); });
    });
    document.getElementById("title").textContent = s.title;
    document.getElementById("subtitle").textContent =
      s.subtitle + " Step " + (i + 1) + " of " + steps.length + " (" + s.file + ").";
    document.getElementById("report").textContent = s.report;
    select.value = String(i);
    status.textContent = "Step " + (i + 1) + "/" + steps.length + ": " + s.label;
    status.dataset.step = String(i);
    status.dataset.label = s.label;
    status.dataset.units = String(s.units);
    status.dataset.battles = s.battles.map(function (b) { return b.id; }).join(" ");
    showBattle(null);
    focusOn(s.focus);
    drawView();
    if (location.hash !== "#step=" + i) {
      history.replaceState(null, "", "#step=" + i);
    }
  }

  function fromHash() {
    const m = /step=(\d+)/.exec(location.hash);
    return m ? parseInt(m[1], 10) : 0;
  }

  // Every battle of the game in order, as [step, battle].
  const battles = [];
  steps.forEach(function (s, i) {
    s.battles.forEach(function (b) { battles.push([i, b]); });
  });

  // The next battle of the game (dir 1) or the one before (dir -1), in this step or
  // another, the map panned to it; past the last, the first again.
  function nextBattle(dir) {
    if (battles.length === 0) { return; }
    const n = battles.length;
    const sel = info.dataset.battle;
    let k = battles.findIndex(function (e) { return e[0] === current && e[1].id === sel; });
    if (k >= 0) {
      k = (k + dir + n) % n;
    } else if (dir > 0) {
      k = battles.findIndex(function (e) { return e[0] >= current; });
      if (k < 0) { k = 0; }
    } else {
      k = n - 1;
      while (k > 0 && battles[k][0] > current) { k -= 1; }
      if (battles[k][0] > current) { k = n - 1; }
    }
    const step = battles[k][0];
    const b = battles[k][1];
    if (step !== current) { show(step); }
    showBattle(b.id);
    centreOn(b.at[0], b.at[1]);
  }

  function setZoom(z) {
    const f = steps[current] && steps[current].focus;
    zoom = Math.max(0.5, Math.min(6, z));
    sizeMap();
    focusOn(f);
    drawView();
  }

  document.getElementById("first").addEventListener("click", function () { show(0); });
  document.getElementById("prev").addEventListener("click", function () { show(current - 1); });
  document.getElementById("next").addEventListener("click", function () { show(current + 1); });
  document.getElementById("last").addEventListener("click", function () { show(steps.length - 1); });
  document.getElementById("zoom-in").addEventListener("click", function () { setZoom(zoom * 1.25); });
  document.getElementById("zoom-out").addEventListener("click", function () { setZoom(zoom / 1.25); });
  overview.addEventListener("click", function (e) {
    const m = overview.getScreenCTM();
    if (!m) { return; }
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    centreOn(p.x, p.y);
  });
  pane.addEventListener("scroll", drawView);
  window.addEventListener("resize", drawView);
  select.addEventListener("change", function () { show(parseInt(select.value, 10)); });
  window.addEventListener("hashchange", function () { show(fromHash()); });
  document.addEventListener("keydown", function (e) {
    if (e.target === select || e.altKey || e.ctrlKey || e.metaKey) { return; }
    switch (e.key) {
      case "ArrowRight": case "j": case "n": show(current + 1); break;
      case "ArrowLeft": case "k": case "p": show(current - 1); break;
      case "Home": show(0); break;
      case "End": show(steps.length - 1); break;
      case "+": case "=": setZoom(zoom * 1.25); break;
      case "-": setZoom(zoom / 1.25); break;
      case "b": nextBattle(1); break;
      case "B": nextBattle(-1); break;
      default: return;
    }
    e.preventDefault();
  });

  sizeMap();
  show(fromHash());
  document.body.dataset.ready = "true";
}());
