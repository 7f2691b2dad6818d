// The HUD: speed (km/h), gear and rpm of the player car, bottom centre.
#include <imgui.h>

#include <cmath>

#include "game.hpp"
#include "overlay.hpp"

namespace skidpad::app {

namespace {
// The placeholder car model has no drivetrain yet; these read gear/rpm/manual
// when the vehicle model provides them, and show "-" until then.
template <typename C>
void drivetrain_text(const C& car) {
    if constexpr (requires { car.gear; }) {
        const int g = static_cast<int>(car.gear);
        char gear[16];
        if (g < 0)
            std::snprintf(gear, sizeof gear, "R");
        else if (g == 0)
            std::snprintf(gear, sizeof gear, "N");
        else
            std::snprintf(gear, sizeof gear, "%d", g);
        ImGui::SameLine();
        ImGui::Text("   gear %s", gear);
    } else {
        ImGui::SameLine();
        ImGui::TextDisabled("   gear -");
    }
    if constexpr (requires { car.rpm; }) {
        ImGui::SameLine();
        ImGui::Text("   %5.0f rpm", static_cast<double>(car.rpm));
    }
    if constexpr (requires { car.manual; }) {
        ImGui::SameLine();
        ImGui::TextDisabled("   %s", car.manual ? "manual" : "auto");
    }
}
}  // namespace

void draw_hud(Game& game) {
    const CarId id = game.world.player();
    if (!game.world.valid(id)) return;
    const Car& car = game.world.car(id);
    const double kmh =
        std::sqrt(car.velocity.x * car.velocity.x + car.velocity.y * car.velocity.y) * 3.6;
    const ImVec2 ds = ImGui::GetIO().DisplaySize;
    ImGui::SetNextWindowPos(ImVec2(ds.x * 0.5f, ds.y - 12.0f), ImGuiCond_Always,
                            ImVec2(0.5f, 1.0f));
    ImGui::SetNextWindowBgAlpha(0.55f);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration |
                                   ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoInputs |
                                   ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;
    if (ImGui::Begin("##hud", nullptr, flags)) {
        ImGui::Text("%5.1f km/h", kmh);
        drivetrain_text(car);
        if (game.settings.sim.paused) {
            ImGui::SameLine();
            ImGui::TextColored(ImVec4(1.0f, 0.8f, 0.2f, 1.0f), "   PAUSED");
        }
    }
    ImGui::End();
    draw_planner_hud(game);
}

}  // namespace skidpad::app
