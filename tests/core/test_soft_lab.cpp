// The soft-body lab experiments keep their key=value contract (scripts parse
// these names): `lab bench` and `lab crash`.
#include <catch2/catch.hpp>

#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "lab.hpp"

using namespace skidpad;

namespace {
std::string last_line(const std::vector<std::string>& args, int& rc) {
    std::ostringstream out, err;
    rc = lab::run_lab(args, out, err);
    std::string last;
    std::istringstream in(out.str());
    for (std::string l; std::getline(in, l);)
        if (!l.empty()) last = l;
    return last;
}

double field(const std::string& line, const std::string& key) {
    const std::string k = " " + key + "=";
    const auto at = (" " + line).find(k);
    INFO(line);
    REQUIRE(at != std::string::npos);
    return std::stod(line.substr(at + k.size() - 1));
}
}  // namespace

TEST_CASE("lab bench prints its key=value fields for the scene it built", "[soft][lab]") {
    int rc = -1;
    const std::string line = last_line({"bench", "--crates", "50", "--steps", "5"}, rc);
    REQUIRE(rc == 0);
    CHECK(field(line, "crates") == 50.0);
    CHECK(field(line, "steps") == 5.0);
    CHECK(field(line, "ms_per_step_median") > 0.0);
    CHECK(field(line, "ms_per_step_mean") > 0.0);
    // A quiet scene: the crates start 0.2 m apart and never overlap by much.
    const double pen = field(line, "max_penetration_m");
    CHECK(pen >= 0.0);
    CHECK(pen < 0.05);
    const double strain = field(line, "max_strain");
    CHECK(strain >= 0.0);
    CHECK(strain < 0.1);
    // 50 crates of 20 kg at up to 10 m/s: at most 50 * 0.5 * 20 * 10^2 J plus spin.
    const double ke = field(line, "kinetic_energy_j");
    CHECK(ke > 0.0);
    CHECK(ke < 50 * (0.5 * 20.0 * 100.0 + 0.5 * (20.0 / 6.0) * 4.0) * 1.01);
    CHECK(field(line, "bodies") == 54.0);  // the crates and the four walls
    // The speed probe (dependent adds per ns) is a plausible clock figure.
    const double ghz = field(line, "probe_ghz");
    CHECK(ghz > 0.05);
    CHECK(ghz < 20.0);
}

TEST_CASE("lab crash prints both momenta and the relative error", "[soft][lab]") {
    int rc = -1;
    const std::string line = last_line({"crash", "--speed", "30", "--target", "crate"}, rc);
    REQUIRE(rc == 0);
    INFO(line);
    CHECK(line.find("momentum_error=") != std::string::npos);
    CHECK(std::abs(field(line, "momentum_error")) < 0.05);
}

TEST_CASE("lab bench takes --threads and the --contend switch and prints them", "[soft][lab]") {
    int rc = -1;
    const std::string line =
        last_line({"bench", "--crates", "50", "--steps", "5", "--threads", "1", "--contend"}, rc);
    REQUIRE(rc == 0);
    CHECK(field(line, "threads") == 1.0);
    CHECK(field(line, "contend") == 1.0);
    CHECK(field(line, "contenders") >= 1.0);  // one per core
    CHECK(field(line, "bodies") == 54.0);
    const std::string plain = last_line({"bench", "--crates", "50", "--steps", "5"}, rc);
    REQUIRE(rc == 0);
    CHECK(field(plain, "contend") == 0.0);
    CHECK(field(plain, "contenders") == 0.0);
    CHECK(field(plain, "threads") == 2.0);  // soft.threads' default
    // The worlds are the same for any thread count and contention.
    CHECK(field(plain, "kinetic_energy_j") == field(line, "kinetic_energy_j"));
    // Any count up to 256 is taken (above the machine's cores the cores there are
    // run it, with the same world); more is refused.
    const std::string many =
        last_line({"bench", "--crates", "50", "--steps", "5", "--threads", "16"}, rc);
    REQUIRE(rc == 0);
    CHECK(field(many, "threads") == 16.0);
    CHECK(field(many, "machine_threads") >= 1.0);
    // The per-stage medians are printed (times: only that they are there and not negative).
    for (const char* stage : {"broad_ms", "narrow_ms", "solve_ms", "integrate_ms", "other_ms"})
        CHECK(field(many, stage) >= 0.0);
    CHECK(field(many, "kinetic_energy_j") == field(line, "kinetic_energy_j"));
    last_line({"bench", "--crates", "50", "--steps", "5", "--threads", "257"}, rc);
    CHECK(rc == 2);
}

TEST_CASE("lab bench and crash print speed_caps: 0 in their scenes, which stay under the cap",
          "[soft][lab][bounds]") {
    int rc = -1;
    const std::string bench = last_line({"bench", "--crates", "50", "--steps", "5"}, rc);
    REQUIRE(rc == 0);
    CHECK(field(bench, "speed_caps") == 0.0);
    // Crates start at up to 10 m/s (plus spin) and only slow down.
    CHECK(field(bench, "max_particle_speed") < 12.0);
    const std::string crash = last_line({"crash", "--speed", "30", "--target", "crate"}, rc);
    REQUIRE(rc == 0);
    CHECK(field(crash, "speed_caps") == 0.0);
}

TEST_CASE("lab ram and soak print their bounds for the scene they ran", "[soft][lab][bounds]") {
    int rc = -1;
    const std::string ram =
        last_line({"ram", "--rows", "4", "--cols", "4", "--speed", "20", "--seconds", "0.5"}, rc);
    REQUIRE(rc == 0);
    CHECK(field(ram, "rows") == 4.0);
    CHECK(field(ram, "steps") == 60.0);
    CHECK(field(ram, "speed_cap") == 200.0);
    CHECK(field(ram, "finite") == 1.0);
    CHECK(field(ram, "max_car_speed") == Approx(20.0).epsilon(0.02));
    CHECK(field(ram, "max_particle_speed") < 200.0);
    CHECK(field(ram, "step_time_ratio") > 0.0);
    CHECK(field(ram, "bodies") >= 16.0);
    const std::string soak = last_line({"soak", "--seconds", "2", "--seed", "3"}, rc);
    REQUIRE(rc == 0);
    CHECK(field(soak, "steps") == 240.0);
    CHECK(field(soak, "seed") == 3.0);
    CHECK(field(soak, "finite") == 1.0);
    CHECK(field(soak, "speed_caps") == 0.0);
    last_line({"ram", "--rows", "0"}, rc);
    CHECK(rc == 2);
    last_line({"soak", "--seconds", "-1"}, rc);
    CHECK(rc == 2);
}

TEST_CASE(
    "lab crash prints car_dent_m: (mu v (1 + e) - yield)/stiffness from the heavy barrier, "
    "none from a crate",
    "[soft][lab][damage]") {
    int rc = -1;
    const std::string hit = last_line({"crash", "--speed", "30", "--target", "barrier"}, rc);
    REQUIRE(rc == 0);
    // 1500 kg into the movable 4000 kg barrier: J = mu v (1 + e) with mu = 1090.9 kg and
    // e the restitution the run observed, so the nose dents (J - 9000) / 60000 m; within
    // 5 % (the tyres still push).
    const double e = field(hit, "restitution");
    const double j = 1500.0 * 4000.0 / 5500.0 * 30.0 * (1.0 + e);
    CHECK(field(hit, "car_dent_m") == Approx((j - 9000.0) / 60000.0).epsilon(0.05));
    const std::string crate = last_line({"crash", "--speed", "30", "--target", "crate"}, rc);
    REQUIRE(rc == 0);
    CHECK(field(crate, "car_dent_m") == 0.0);
}

TEST_CASE("lab crash prints the contact figures of a hit on a pinned barrier and a car",
          "[soft][lab][crash]") {
    int rc = -1;
    const std::string wall =
        last_line({"crash", "--speed", "20", "--target", "barrier", "--pinned"}, rc);
    REQUIRE(rc == 0);
    INFO(wall);
    CHECK(field(wall, "pinned") == 1.0);
    CHECK(field(wall, "restitution") == Approx(0.2).margin(0.03));  // soft.car_e_barrier
    CHECK(field(wall, "contact_steps") >= 3.0);
    CHECK(field(wall, "peak_decel_g") > 10.0);
    CHECK(field(wall, "car_speed_after") > 0.5);  // coming back
    CHECK(field(wall, "tangential_speed_after") == Approx(0.0).margin(0.05));
    // At low tyre grip the momentum figure is the exchange's alone (physics.md §12.1).
    const std::string car =
        last_line({"crash", "--speed", "15", "--target", "car", "--set", "car.mu=0.1"}, rc);
    REQUIRE(rc == 0);
    CHECK(field(car, "momentum_error") < 0.01);
    CHECK(field(car, "restitution") == Approx(0.2).margin(0.03));  // soft.car_e_car
    last_line({"crash", "--angle", "0"}, rc);
    CHECK(rc == 2);
    last_line({"crash", "--target", "tree"}, rc);
    CHECK(rc == 2);
}
