// PoolHandle: the out-of-line half of the worker pool (soft_parallel.hpp).
#include "soft/soft_parallel.hpp"

#include "soft/soft_solver.hpp"

namespace skidpad {

PoolHandle::PoolHandle() = default;
PoolHandle::~PoolHandle() = default;
PoolHandle::PoolHandle(const PoolHandle&) {}
PoolHandle& PoolHandle::operator=(const PoolHandle&) {
    return *this;
}
PoolHandle::PoolHandle(PoolHandle&&) noexcept = default;
PoolHandle& PoolHandle::operator=(PoolHandle&&) noexcept = default;

WorkerPool& PoolHandle::get() {
    if (!pool_) pool_ = std::make_unique<WorkerPool>();
    return *pool_;
}

void SoftSolver::allow_workers(int n) {
    pool_.get().allow_cores(n);
}

}  // namespace skidpad
