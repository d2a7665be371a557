import { readFileSync } from "node:fs";
const p = JSON.parse(readFileSync("/tmp/load.cpuprofile"));
const byId = new Map(p.nodes.map(n => [n.id, n]));
const parent = new Map(); p.nodes.forEach(n => (n.children||[]).forEach(c => parent.set(c, n.id)));
const agg = new Map();
p.samples.forEach((id, i) => {
  let chain = []; let cur = id; while (cur) { const nn = byId.get(cur); chain.push(nn.callFrame.functionName || "?"+nn.callFrame.url.split("/").pop()); cur = parent.get(cur); }
  chain = chain.reverse().slice(1);
  const s = chain.join(">");
  const m = process.argv[2]; const k = s.indexOf(m); if (k < 0) return;
  const key = chain.slice(chain.indexOf(m.split(">").pop()), chain.indexOf(m.split(">").pop()) + Number(process.argv[3]||3)).join(" > ").replace(/::h[0-9a-f]{16}/g,"");
  agg.set(key, (agg.get(key) || 0) + p.timeDeltas[i]);
});
[...agg.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25).forEach(([k, v]) => console.log((v/1000).toFixed(1).padStart(7), k.slice(0, 230)));
