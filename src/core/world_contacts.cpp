// Car <-> soft-body coupling (docs/physics.md §9).
//
// The cars move in sub-steps of h; the soft bodies advance the whole step
// afterwards. At the end of car sub-step i a soft body's particles are where
// their Verlet velocity takes them: y = x + v·τ with τ = (i + 1)·h. There the car's
// rectangle and the body collide by the same SAT as soft bodies; the soft side is
// corrected by position (Δy, weighted by inverse mass, then the body's constraints
// are relaxed so the push spreads through it), and the car receives the equal and
// opposite impulse J = Δλ/h at the contact point (linear and angular, through
// car_apply_impulse) plus the matching position correction, using the car's
// effective inverse mass at that point, w = 1/M + (r × n)²/I. The soft particle's
// velocity changes by Δy/h, so Σ m Δv(soft) = −J(car): momentum is conserved, and a
// pinned barrier (w_soft = 0) takes the car's whole normal velocity.
//
// Positions and velocities are corrected apart (split impulse): the overlap is
// removed by position without adding speed; the inelastic velocity impulse acts
// on the body as a rigid body. The Verlet state is then rewritten so that the particle passes
// through y + Δy at τ with its new velocity: x' = y + Δy − v'τ, prev' = x' − v'h_soft.
#include <algorithm>
#include <cmath>

#include "skidpad/world.hpp"
#include "soft/soft_access.hpp"
#include "soft/soft_geometry.hpp"

namespace skidpad {

using soft_geo::dot2;

namespace {

struct CarMass {
    double inv_mass = 0.0;     ///< 1/kg
    double inv_inertia = 0.0;  ///< 1/(kg m^2)
};

// The car model owns its inertia: measure its response to unit impulses on a copy.
CarMass probe_car(const Car& car, const CarDef& def) {
    CarMass m;
    Car a = car;
    car_apply_impulse(a, def, dvec2(1.0, 0.0), car.position);
    m.inv_mass = a.velocity.x - car.velocity.x;
    Car b = car;
    car_apply_impulse(b, def, dvec2(0.0, 1.0), car.position + dvec2(1.0, 0.0));
    m.inv_inertia = b.yaw_rate - car.yaw_rate;
    if (!(m.inv_mass > 0.0) || !std::isfinite(m.inv_mass))
        m.inv_mass = 1.0 / std::max(def.mass, 1.0);
    if (!(m.inv_inertia > 0.0) || !std::isfinite(m.inv_inertia)) {
        const double l = def.length, w = def.width;
        m.inv_inertia = 12.0 / (std::max(def.mass, 1.0) * std::max(l * l + w * w, 0.01));
    }
    return m;
}

struct CarPose {
    dvec2 position{0.0, 0.0};
    double heading = 0.0;
    dvec2 local[4]{};  ///< corners in the body frame
    vec2 corners[4]{};
    void update() {
        for (int k = 0; k < 4; ++k)
            corners[k] = vec2(position + rotate(local[k], heading));
    }
};

}  // namespace

void World::begin_car_contacts(double dt) {
    contact_candidates_.clear();
    bool any = false;
    vec2 lo{0.0f, 0.0f}, hi{0.0f, 0.0f};
    for (const CarSlot& s : cars_) {
        if (!s.alive) continue;
        const double reach = 0.5 * std::hypot(s.def.length, s.def.width) +
                             glm::length(s.car.velocity) * dt * 1.5 + 0.5;
        const vec2 c(s.car.position);
        const vec2 r(static_cast<float>(reach));
        lo = any ? glm::min(lo, c - r) : c - r;
        hi = any ? glm::max(hi, c + r) : c + r;
        any = true;
    }
    if (!any) return;
    const SoftSolver& sw = soft_solver(soft_);
    const float ahead = static_cast<float>(dt) * 1.5f / sw.substep_time();
    for (std::size_t bi = 0; bi < sw.bodies.size(); ++bi) {
        const SoftSolver::Body& b = sw.bodies[bi];
        vec2 blo = sw.pos[b.first], bhi = blo;
        for (std::uint32_t k = 0; k < b.count; ++k) {
            const vec2 p = sw.pos[b.first + k];
            const vec2 q = p + (p - sw.prev[b.first + k]) * ahead;
            blo = glm::min(blo, glm::min(p, q));
            bhi = glm::max(bhi, glm::max(p, q));
        }
        if (blo.x <= hi.x && lo.x <= bhi.x && blo.y <= hi.y && lo.y <= bhi.y) {
            contact_candidates_.push_back(static_cast<std::uint32_t>(bi));
        }
    }
}

void World::couple_cars(double h, int substep_index) {
    if (contact_candidates_.empty()) return;
    const SoftDef& def = settings_.soft;
    SoftSolver& sw = soft_solver(soft_);
    const float margin = static_cast<float>(std::max(def.contact_margin, 0.0));
    const float mu = static_cast<float>(std::max(def.car_friction, 0.0));
    const float hs = sw.substep_time();
    const float tau = static_cast<float>(h) * static_cast<float>(substep_index + 1);
    std::vector<vec2> x0, y0, vel;
    struct HitRec {
        vec2 q{0.0f, 0.0f};
        vec2 n{0.0f, 0.0f};          ///< the soft body moves along +n
        std::uint32_t i = 0, j = 0;  ///< soft particles touched (i == j for a vertex)
        float t = 0.0f;              ///< weight of j
    };
    std::vector<HitRec> hits;
    std::vector<float> jn_acc;

    for (CarSlot& s : cars_) {
        if (!s.alive) continue;
        Car& car = s.car;
        const CarMass cm = probe_car(car, s.def);
        CarPose pose;
        pose.position = car.position;
        pose.heading = car.heading;
        const auto corners = car_corners(car, s.def);
        for (int k = 0; k < 4; ++k)
            pose.local[k] = rotate(corners[k] - car.position, -car.heading);
        pose.update();
        vec2 clo = pose.corners[0], chi = clo;
        for (const vec2& c : pose.corners) {
            clo = glm::min(clo, c);
            chi = glm::max(chi, c);
        }
        clo -= vec2(margin);
        chi += vec2(margin);
        // Position correction of the car for a position "impulse" P (kg m) at q.
        auto move_car = [&](vec2 P, vec2 q) {
            const dvec2 r = dvec2(q) - pose.position;
            const dvec2 Pd(P);
            pose.position += Pd * cm.inv_mass;
            pose.heading += cross(r, Pd) * cm.inv_inertia;
            pose.update();
        };

        for (std::uint32_t bi : contact_candidates_) {
            if (bi >= sw.bodies.size()) continue;
            const SoftSolver::Body b = sw.bodies[bi];
            // Move the body to time τ (extrapolated), remembering where it was.
            x0.resize(b.count);
            y0.resize(b.count);
            vel.resize(b.count);
            vec2 blo{0.0f, 0.0f}, bhi{0.0f, 0.0f};
            for (std::uint32_t k = 0; k < b.count; ++k) {
                const std::uint32_t i = b.first + k;
                x0[k] = sw.pos[i];
                vel[k] = (sw.pos[i] - sw.prev[i]) / hs;
                y0[k] = sw.pos[i] + vel[k] * tau;
                blo = k == 0 ? y0[k] : glm::min(blo, y0[k]);
                bhi = k == 0 ? y0[k] : glm::max(bhi, y0[k]);
            }
            if (bhi.x < clo.x || chi.x < blo.x || bhi.y < clo.y || chi.y < blo.y) continue;
            const soft_geo::Sat sat =
                soft_geo::sat(pose.corners, 4, y0.data(), static_cast<int>(b.count), margin);
            if (!sat.hit) continue;
            for (std::uint32_t k = 0; k < b.count; ++k)
                sw.pos[b.first + k] = y0[k];

            // 1) Positions (split from velocities, so leftover overlap adds no speed):
            //    contact pushes alternate with the body's constraint relaxation and
            //    go last, so the body leaves the rectangle as one piece.
            hits.clear();
            const int passes = 2 * std::max(def.iterations, 1) + 6;
            for (int pass = 0; pass < passes; ++pass) {
                const bool record = pass == 0;
                if (pass > 0 && !hits.empty()) sw.relax_body(def, bi, sw.pos.data());
                if (sat.ref_is_a) {
                    const int e = sat.edge;
                    const vec2 c0 = pose.corners[e], c1 = pose.corners[(e + 1) % 4];
                    const vec2 d = c1 - c0;
                    const float len = std::sqrt(dot2(d, d));
                    if (len < 1e-6f) break;
                    const vec2 n = soft_geo::outward(c0, c1) / len;
                    for (std::uint32_t k = 0; k < b.count; ++k) {
                        const std::uint32_t i = b.first + k;
                        const vec2 p = sw.pos[i];
                        const float depth = -dot2(p - c0, n);
                        const float t = dot2(p - c0, d) / (len * len);
                        if (t < -0.05f || t > 1.05f) continue;
                        if (record && depth > -margin) hits.push_back({p, n, i, i, 0.0f});
                        if (depth <= 0.0f) continue;
                        const dvec2 r = dvec2(p) - pose.position;
                        const float wp = sw.inv_mass[i];
                        const float wc = static_cast<float>(
                            cm.inv_mass + cm.inv_inertia * std::pow(cross(r, dvec2(n)), 2));
                        const float dl = depth / (wp + wc);
                        sw.pos[i] = p + n * (wp * dl);
                        move_car(-n * dl, p);
                    }
                } else {
                    const std::uint32_t ia = b.first + static_cast<std::uint32_t>(sat.edge);
                    const std::uint32_t ib =
                        b.first + (static_cast<std::uint32_t>(sat.edge) + 1) % b.count;
                    for (int k = 0; k < 4; ++k) {
                        const vec2 pa = sw.pos[ia], pb = sw.pos[ib];
                        const vec2 d = pb - pa;
                        const float len2 = dot2(d, d);
                        if (len2 < 1e-10f) break;
                        const vec2 n = soft_geo::outward(pa, pb) / std::sqrt(len2);
                        const vec2 q = pose.corners[k];
                        const float depth = -dot2(q - pa, n);
                        const float traw = dot2(q - pa, d) / len2;
                        if (traw < -0.05f || traw > 1.05f) continue;
                        if (record && depth > -margin)
                            hits.push_back({q, -n, ia, ib, clamp(traw, 0.0f, 1.0f)});
                        if (depth <= 0.0f) continue;
                        const float t = clamp(traw, 0.0f, 1.0f);
                        const float wa = sw.inv_mass[ia] * (1.0f - t), wb = sw.inv_mass[ib] * t;
                        const float wsoft = (1.0f - t) * wa + t * wb;
                        const dvec2 r = dvec2(q) - pose.position;
                        const float wc = static_cast<float>(
                            cm.inv_mass + cm.inv_inertia * std::pow(cross(r, dvec2(n)), 2));
                        const float dl = depth / (wsoft + wc);
                        sw.pos[ia] -= n * (wa * dl);
                        sw.pos[ib] -= n * (wb * dl);
                        move_car(n * dl, q);
                    }
                }
            }
            if (hits.empty()) {
                for (std::uint32_t k = 0; k < b.count; ++k)
                    sw.pos[b.first + k] = x0[k];
                continue;
            }

            // 2) Velocities: the body answers as a rigid body (mass M, inertia I about
            //    its centre), the car through its effective mass; inelastic normal
            //    impulse j = −v_n / (w_body + w_car) with Coulomb friction |j_t| ≤ μ j.
            float M = 0.0f, I = 0.0f;
            vec2 c{0.0f, 0.0f};
            for (std::uint32_t k = 0; k < b.count; ++k) {
                const float w = sw.inv_mass[b.first + k];
                const float m = w > 0.0f ? 1.0f / w : 0.0f;
                M += m;
                c += m * sw.pos[b.first + k];
            }
            const bool movable = M > 0.0f && !b.pinned;
            if (movable) c /= M;
            for (std::uint32_t k = 0; k < b.count && movable; ++k) {
                const vec2 r = sw.pos[b.first + k] - c;
                I += dot2(r, r) / sw.inv_mass[b.first + k];
            }
            const float wM = movable ? 1.0f / M : 0.0f;
            const float wI = movable && I > 0.0f ? 1.0f / I : 0.0f;
            vec2 dV{0.0f, 0.0f};
            float dW = 0.0f;
            // Rigid part of the body's own velocity.
            vec2 Vb{0.0f, 0.0f};
            float Wb = 0.0f;
            if (movable) {
                for (std::uint32_t k = 0; k < b.count; ++k) {
                    const float m = 1.0f / sw.inv_mass[b.first + k];
                    Vb += m * vel[k];
                    Wb += m * cross(sw.pos[b.first + k] - c, vel[k]);
                }
                Vb /= M;
                Wb = I > 0.0f ? Wb / I : 0.0f;
            }
            std::vector<float>& jn = jn_acc;
            jn.assign(hits.size(), 0.0f);
            for (int it = 0; it < 4; ++it) {
                for (std::size_t hk = 0; hk < hits.size(); ++hk) {
                    const HitRec& hcontact = hits[hk];
                    const vec2 q = hcontact.q, n = hcontact.n;
                    const vec2 t(-n.y, n.x);
                    const vec2 rb = q - c;
                    const dvec2 rc = dvec2(q) - car.position;
                    const vec2 vsoft = Vb + dV + cross(Wb + dW, rb);
                    const vec2 vcar = vec2(car.velocity + cross(car.yaw_rate, rc));
                    const vec2 rel = vsoft - vcar;
                    const float wbn = wM + wI * cross(rb, n) * cross(rb, n);
                    const float wcn = static_cast<float>(
                        cm.inv_mass + cm.inv_inertia * std::pow(cross(rc, dvec2(n)), 2));
                    float j = -dot2(rel, n) / (wbn + wcn);
                    const float old = jn[hk];
                    jn[hk] = std::max(old + j, 0.0f);
                    j = jn[hk] - old;
                    const float wbt = wM + wI * cross(rb, t) * cross(rb, t);
                    const float wct = static_cast<float>(
                        cm.inv_mass + cm.inv_inertia * std::pow(cross(rc, dvec2(t)), 2));
                    const float vt = dot2(rel, t);
                    float jt = -vt / (wbt + wct);
                    jt = clamp(jt, -mu * jn[hk], mu * jn[hk]);
                    const vec2 J = n * j + t * jt;
                    dV += J * wM;
                    dW += cross(rb, J) * wI;
                    car_apply_impulse(car, s.def, -dvec2(J), dvec2(q));
                }
            }
            // 3) Crush: the touched particles are pushed in by the velocity change over
            //    one sub-step (what a pure position solve would do), then the
            //    constraints are relaxed: the strain this leaves drives plasticity,
            //    so a harder hit dents more and past the break limit breaks.
            if (movable) {
                const float hcar = static_cast<float>(h * std::max(def.crush, 0.0));
                for (std::size_t hk = 0; hk < hits.size(); ++hk) {
                    const HitRec& hr = hits[hk];
                    const vec2 rb = hr.q - c;
                    const float dvn =
                        std::max(dot2(dV + cross(dW, rb), hr.n), 0.0f);  // body Δv at q
                    const vec2 crush = hr.n * (dvn * hcar);
                    if (hr.i == hr.j) {
                        sw.pos[hr.i] += crush;
                    } else {
                        sw.pos[hr.i] += crush * (1.0f - hr.t);
                        sw.pos[hr.j] += crush * hr.t;
                    }
                }
                sw.relax_body(def, bi, sw.pos.data());
            }
            // Back to the Verlet state at the step's start (see the header comment).
            for (std::uint32_t k = 0; k < b.count; ++k) {
                const std::uint32_t i = b.first + k;
                const vec2 dy = sw.pos[i] - y0[k];
                const vec2 v =
                    vel[k] + (movable ? dV + cross(dW, sw.pos[i] - c) : vec2(0.0f, 0.0f));
                sw.pos[i] = y0[k] + dy - v * tau;
                sw.prev[i] = sw.pos[i] - v * hs;
            }
        }
        car.position = pose.position;
        car.heading = pose.heading;
    }
}

}  // namespace skidpad
