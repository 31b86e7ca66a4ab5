// A plain A* in C++17, the benchmark's reference for what this machine can do.
// 8-connected, diagonal sqrt 2, no corner cutting (the Moving AI rule), octile
// heuristic, a binary heap with lazy deletion ordered by (f, smaller h), a
// generation stamp per cell. Nothing clever: no jump points, no bit tricks.
//
//   astar MAP QUERIES ROUNDS
// QUERIES holds one "sx sy gx gy" per line. Prints one "cost microseconds" per
// query (microseconds: the median over ROUNDS timed rounds after one warm-up).
//
//   astar --weights WEIGHTS QUERIES ROUNDS
// The weighted mode, for the costmap track: WEIGHTS is binary, little endian:
// int32 width, int32 height, float64 floor, float64 cell size, float64
// diagonal cost (1 to 2), then width * height float64 weights row by row from
// the top (Infinity: blocked). A step costs its length (cell size, or cell
// size times the diagonal cost) times the weight of the cell it enters, h is
// the octile distance in metres times the floor: bestfirst's convention on a
// weighted Grid, so the costs must agree.
#include <array>
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

struct Entry { double f, h, g; int32_t node; };

struct Heap {
  std::vector<Entry> a;
  static bool less(const Entry& x, const Entry& y) { return x.f < y.f || (x.f == y.f && x.h < y.h); }
  void push(const Entry& e) {
    a.push_back(e);
    size_t i = a.size() - 1;
    while (i > 0) {
      size_t p = (i - 1) / 2;
      if (!less(e, a[p])) break;
      a[i] = a[p];
      i = p;
    }
    a[i] = e;
  }
  Entry pop() {
    Entry top = a[0];
    Entry last = a.back();
    a.pop_back();
    size_t n = a.size(), i = 0;
    if (n == 0) return top;
    for (;;) {
      size_t c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && less(a[c + 1], a[c])) c++;
      if (!less(a[c], last)) break;
      a[i] = a[c];
      i = c;
    }
    a[i] = last;
    return top;
  }
};

// The raster, padded with a border of blocked cells so that no step needs a
// bounds check; weight is empty in the plain mode.
struct Raster {
  int W = 0, H = 0, PW = 0, PH = 0;
  std::vector<uint8_t> freeCell;
  std::vector<double> weight;
  double floor = 1, cellSize = 1, diagonal = std::sqrt(2.0);
};

static bool readMap(const char* file, Raster& r) {
  std::ifstream mf(file);
  if (!mf) return false;
  std::string line, word;
  while (std::getline(mf, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::istringstream ls(line);
    ls >> word;
    if (word == "height") ls >> r.H;
    else if (word == "width") ls >> r.W;
    else if (word == "map") break;
  }
  r.PW = r.W + 2; r.PH = r.H + 2;
  r.freeCell.assign(size_t(r.PW) * r.PH, 0);
  for (int y = 0; y < r.H && std::getline(mf, line); y++) {
    for (int x = 0; x < r.W && x < (int)line.size(); x++) {
      char c = line[x];
      r.freeCell[size_t(y + 1) * r.PW + x + 1] = (c == '.' || c == 'G' || c == 'S') ? 1 : 0;
    }
  }
  return true;
}

static bool readWeights(const char* file, Raster& r) {
  std::ifstream wf(file, std::ios::binary);
  if (!wf) return false;
  int32_t wh[2];
  double fcd[3];
  if (!wf.read(reinterpret_cast<char*>(wh), sizeof wh) || !wf.read(reinterpret_cast<char*>(fcd), sizeof fcd)) return false;
  r.floor = fcd[0]; r.cellSize = fcd[1]; r.diagonal = fcd[2];
  r.W = wh[0]; r.H = wh[1]; r.PW = r.W + 2; r.PH = r.H + 2;
  std::vector<double> row(r.W);
  r.freeCell.assign(size_t(r.PW) * r.PH, 0);
  r.weight.assign(size_t(r.PW) * r.PH, 0);
  for (int y = 0; y < r.H; y++) {
    if (!wf.read(reinterpret_cast<char*>(row.data()), std::streamsize(sizeof(double) * r.W))) return false;
    for (int x = 0; x < r.W; x++) {
      size_t i = size_t(y + 1) * r.PW + x + 1;
      r.freeCell[i] = std::isfinite(row[x]) ? 1 : 0;
      r.weight[i] = row[x];
    }
  }
  return true;
}

int main(int argc, char** argv) {
  const bool weighted = argc >= 2 && std::string(argv[1]) == "--weights";
  if (argc < 4 + weighted) { std::fprintf(stderr, "usage: astar MAP QUERIES ROUNDS | astar --weights WEIGHTS QUERIES ROUNDS\n"); return 2; }
  argv += weighted;
  Raster raster;
  if (!(weighted ? readWeights(argv[1], raster) : readMap(argv[1], raster))) { std::fprintf(stderr, "astar: cannot read %s\n", argv[1]); return 2; }
  const int PW = raster.PW, PH = raster.PH;
  const std::vector<uint8_t>& freeCell = raster.freeCell;
  const double* wt = raster.weight.data();
  const double hw = raster.floor, cs = raster.cellSize, dc = raster.diagonal;
  std::vector<std::array<int, 4>> queries;
  std::ifstream qf(argv[2]);
  int a, b, c, d;
  while (qf >> a >> b >> c >> d) queries.push_back({a, b, c, d});
  const int rounds = std::max(1, std::atoi(argv[3]));

  const size_t N = size_t(PW) * PH;
  std::vector<double> g(N);
  std::vector<uint32_t> stamp(N, 0);
  uint32_t gen = 0;
  Heap heap;
  heap.a.reserve(1 << 16);
  const int DX[8] = {1, 0, -1, 0, 1, -1, -1, 1};
  const int DY[8] = {0, 1, 0, -1, 1, 1, -1, -1};
  int off[8];
  for (int k = 0; k < 8; k++) off[k] = DY[k] * PW + DX[k];
  const double SQ2 = std::sqrt(2.0);

  // One loop for both modes, instantiated twice (the plain one has no weight load in it).
  auto search = [&](auto weightedMode, int sx, int sy, int gx, int gy) -> double {
    constexpr bool WEIGHTED = decltype(weightedMode)::value;
    gen += 2;
    const uint32_t open = gen, closed = gen + 1;
    const int start = (sy + 1) * PW + sx + 1, goal = (gy + 1) * PW + gx + 1;
    auto hOf = [&](int n) {
      int x = n % PW, y = n / PW;
      double dx = std::abs(x - (gx + 1)), dy = std::abs(y - (gy + 1));
      if (WEIGHTED) return hw * (cs * (dx + dy + (dc - 2) * std::min(dx, dy)));
      return dx + dy + (SQ2 - 2) * std::min(dx, dy);
    };
    heap.a.clear();
    g[start] = 0;
    stamp[start] = open;
    double h0 = hOf(start);
    heap.push({h0, h0, 0, start});
    while (!heap.a.empty()) {
      Entry e = heap.pop();
      int n = e.node;
      if (stamp[n] != open || e.g != g[n]) continue;
      stamp[n] = closed;
      if (n == goal) return g[n];
      for (int k = 0; k < 8; k++) {
        int m = n + off[k];
        if (!freeCell[m]) continue;
        if (k >= 4 && (!freeCell[n + DX[k]] || !freeCell[n + DY[k] * PW])) continue;
        double gm = e.g + (WEIGHTED ? (k < 4 ? cs : cs * dc) * wt[m] : (k < 4 ? 1.0 : SQ2));
        uint32_t s = stamp[m];
        if ((s == open || s == closed) && !(gm < g[m])) continue;
        g[m] = gm;
        stamp[m] = open;
        double hm = hOf(m);
        heap.push({gm + hm, hm, gm, m});
      }
    }
    return -1;
  };

  auto run = [&](int sx, int sy, int gx, int gy) {
    return weighted ? search(std::true_type{}, sx, sy, gx, gy) : search(std::false_type{}, sx, sy, gx, gy);
  };
  std::vector<double> cost(queries.size());
  std::vector<std::vector<double>> micros(queries.size());
  for (size_t i = 0; i < queries.size(); i++) cost[i] = run(queries[i][0], queries[i][1], queries[i][2], queries[i][3]);
  for (int r = 0; r < rounds; r++) {
    for (size_t i = 0; i < queries.size(); i++) {
      auto t0 = std::chrono::steady_clock::now();
      volatile double c2 = run(queries[i][0], queries[i][1], queries[i][2], queries[i][3]);
      (void)c2;
      auto t1 = std::chrono::steady_clock::now();
      micros[i].push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
    }
  }
  for (size_t i = 0; i < queries.size(); i++) {
    std::vector<double>& m = micros[i];
    std::sort(m.begin(), m.end());
    size_t k = m.size() / 2;
    double med = m.size() % 2 ? m[k] : (m[k - 1] + m[k]) / 2;
    std::printf("%.9f %.3f\n", cost[i], med);
  }
  return 0;
}
