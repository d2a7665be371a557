// One rectangle and one label: the drawing calls the benchmark waits for, as on index.html.
const ctx = document.querySelector("canvas").getContext("2d");
ctx.fillStyle = "#1f77b4";
ctx.fillRect(40, 40, 720, 520);
ctx.font = "16px sans-serif";
ctx.fillStyle = "#fff";
ctx.fillText("baseline", 60, 80);
