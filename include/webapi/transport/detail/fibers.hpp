#pragma once
// Fibers on one thread, for BeastTransport::send_all: each fiber runs requests through the same blocking
// code as send(), and where that code would wait for a socket (wait_ready), the fiber steps aside and the
// thread runs another one. When none can go on, one poll() waits for the sockets of all of them at once.
//
// A fiber has a stack of its own, mapped with a guard page below it. On x86-64 a switch saves the registers
// a call must preserve and moves to the other stack (switch_stacks, below): no system call, where
// swapcontext() also saves and restores the signal mask, two system calls per switch. Elsewhere, or with
// WEBAPI_FIBERS_UCONTEXT defined, it is swapcontext(). AddressSanitizer and ThreadSanitizer are told of
// every switch, as they need to be to follow one thread over several stacks.

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <exception>
#include <memory>
#include <new>
#include <stdexcept>
#include <utility>
#include <vector>

#include <poll.h>
#include <sys/mman.h>
#include <unistd.h>

#if !defined(__x86_64__) && !defined(WEBAPI_FIBERS_UCONTEXT)
#define WEBAPI_FIBERS_UCONTEXT 1
#endif
#ifdef WEBAPI_FIBERS_UCONTEXT
#include <ucontext.h>
#endif

#if defined(__SANITIZE_ADDRESS__)
#define WEBAPI_FIBERS_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define WEBAPI_FIBERS_ASAN 1
#endif
#endif
#if defined(__SANITIZE_THREAD__)
#define WEBAPI_FIBERS_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define WEBAPI_FIBERS_TSAN 1
#endif
#endif
#ifdef WEBAPI_FIBERS_ASAN
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif
#ifdef WEBAPI_FIBERS_TSAN
#include <sanitizer/tsan_interface.h>
#endif

namespace webapi::detail {

#ifndef WEBAPI_FIBERS_UCONTEXT
/// Pushes the registers the System V x86-64 ABI has a callee preserve (rbp, rbx, r12 to r15, and the SSE and
/// x87 control words), stores the stack pointer in `*from`, and pops the same from the stack at `to`.
[[gnu::naked, gnu::noinline]] inline void switch_stacks(void** /*from*/, void* /*to*/) {
  asm(R"(
    pushq %rbp
    pushq %rbx
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    subq $8, %rsp
    stmxcsr (%rsp)
    fnstcw 4(%rsp)
    movq %rsp, (%rdi)
    movq %rsi, %rsp
    ldmxcsr (%rsp)
    fldcw 4(%rsp)
    addq $8, %rsp
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbx
    popq %rbp
    ret
  )");
}

/// Where a fiber's execution stands while it is switched out: its stack pointer.
struct MachineContext {
  void* sp = nullptr;

  /// Makes the first switch to this context call `entry` (which must never return) on `stack`.
  void start(char* stack, std::size_t size, void (*entry)()) {
    // What switch_stacks pops, from the top of the stack down: no return address for `entry`, `entry` as the
    // address switch_stacks returns to (so `entry` starts as if called, its stack 8 bytes off 16), six zero
    // registers, then the control words as this thread has them now.
    auto** top = reinterpret_cast<void**>(reinterpret_cast<std::uintptr_t>(stack + size) & ~std::uintptr_t{15});
    top[-1] = nullptr;
    top[-2] = reinterpret_cast<void*>(entry);
    for (int i = 3; i <= 8; ++i) top[-i] = nullptr;
    std::uint32_t mxcsr = 0;
    std::uint16_t fpu = 0;
    asm volatile("stmxcsr %0" : "=m"(mxcsr));
    asm volatile("fnstcw %0" : "=m"(fpu));
    char* words = reinterpret_cast<char*>(&top[-9]);
    std::memcpy(words, &mxcsr, sizeof mxcsr);
    std::memcpy(words + 4, &fpu, sizeof fpu);
    sp = &top[-9];
  }
  static void swap(MachineContext& from, MachineContext& to) { switch_stacks(&from.sp, to.sp); }
};
#else
/// Where a fiber's execution stands while it is switched out: a ucontext.
struct MachineContext {
  ucontext_t context{};

  void start(char* stack, std::size_t size, void (*entry)()) {
    if (::getcontext(&context) != 0) throw std::bad_alloc();
    context.uc_stack.ss_sp = stack;
    context.uc_stack.ss_size = size;
    context.uc_link = nullptr;
    ::makecontext(&context, entry, 0);
  }
  static void swap(MachineContext& from, MachineContext& to) { ::swapcontext(&from.context, &to.context); }
};
#endif

class FiberScheduler;

/// The scheduler whose fiber this thread is running, if any.
inline thread_local FiberScheduler* current_fiber_scheduler = nullptr;

class FiberScheduler {
 public:
  using Clock = std::chrono::steady_clock;

  /// Each fiber's stack: room for TLS handshakes and the sanitizers' larger frames. Pages are committed only
  /// as they are touched.
  static constexpr std::size_t stack_size = 1024 * 1024;

  FiberScheduler() = default;
  FiberScheduler(const FiberScheduler&) = delete;
  FiberScheduler& operator=(const FiberScheduler&) = delete;

  /// Runs `work` on `fibers` fibers of this thread at once and returns when every one has returned. The
  /// first exception a fiber lets out is thrown here, after the others have finished.
  template <class Work>
  void run(std::size_t fibers, Work& work) {
    if (current_fiber_scheduler != nullptr) throw std::logic_error("webapi: send_all called from inside send_all");
    work_ = [](void* w) { (*static_cast<Work*>(w))(); };
    work_arg_ = &work;
    fibers_.clear();
    for (std::size_t i = 0; i < fibers; ++i) fibers_.push_back(std::make_unique<Fiber>());
#ifdef WEBAPI_FIBERS_TSAN
    main_tsan_ = __tsan_get_current_fiber();
#endif
    current_fiber_scheduler = this;
    struct Restore {
      ~Restore() { current_fiber_scheduler = nullptr; }
    } restore;

    std::vector<pollfd> polled;
    for (;;) {
      bool alive = false;
      for (auto& f : fibers_) {
        if (f->done) continue;
        if (f->runnable) resume(*f);
        alive = alive || !f->done;
      }
      if (!alive) break;

      // Every waiting fiber's sockets in one poll(), until the earliest of their deadlines.
      polled.clear();
      auto until = Clock::time_point::max();
      for (auto& f : fibers_) {
        if (f->done) continue;
        polled.insert(polled.end(), f->fds, f->fds + f->nfds);
        until = std::min(until, f->until);
      }
      int timeout = -1;
      if (until != Clock::time_point::max()) {
        const auto left = std::chrono::ceil<std::chrono::milliseconds>(until - Clock::now()).count();
        timeout = static_cast<int>(std::clamp<long long>(left, 0, INT_MAX));
      }
      const int n = ::poll(polled.data(), polled.size(), timeout);
      const bool interrupted = n < 0 && errno == EINTR;
      if (n < 0 && !interrupted) {
        // poll() fails for want of memory or a bad descriptor: each fiber is woken to find out for itself.
        for (auto& p : polled) p.revents = POLLERR;
      }
      const auto now = Clock::now();
      std::size_t at = 0;
      for (auto& f : fibers_) {
        if (f->done) continue;
        int ready = 0;
        for (nfds_t i = 0; i < f->nfds; ++i, ++at) {
          f->fds[i].revents = interrupted ? 0 : polled[at].revents;
          ready += f->fds[i].revents != 0 ? 1 : 0;
        }
        if (ready > 0 || now >= f->until) {
          f->ready = ready;
          f->runnable = true;
        }
      }
    }
    fibers_.clear();
    if (failure_) std::rethrow_exception(std::exchange(failure_, nullptr));
  }

  /// As ::poll(), from inside one of this scheduler's fibers: the other fibers run until a descriptor of
  /// `fds` is ready or `timeout_ms` has passed.
  int wait(pollfd* fds, nfds_t nfds, int timeout_ms) {
    Fiber& f = *current_;
    for (nfds_t i = 0; i < nfds; ++i) fds[i].revents = 0;
    f.fds = fds;
    f.nfds = nfds;
    f.until = timeout_ms < 0 ? Clock::time_point::max() : Clock::now() + std::chrono::milliseconds(timeout_ms);
    f.runnable = false;
    f.ready = 0;
    suspend(f);
    f.fds = nullptr;
    f.nfds = 0;
    f.until = Clock::time_point::max();
    return f.ready;
  }

  /// Whether this thread is running one of this scheduler's fibers now.
  bool in_fiber() const noexcept { return current_ != nullptr; }

 private:
  struct Fiber {
    Fiber() {
      page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
      memory = ::mmap(nullptr, page + stack_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                      -1, 0);
      if (memory == MAP_FAILED) throw std::bad_alloc();
      ::mprotect(memory, page, PROT_NONE);  // an overflow faults rather than writes over other memory
#ifdef WEBAPI_FIBERS_ASAN
      // The frames of an earlier fiber at this address ended without returning, their red zones still marked.
      __asan_unpoison_memory_region(stack(), stack_size);
#endif
      try {
        context.start(stack(), stack_size, &FiberScheduler::entry);
      } catch (...) {
        ::munmap(memory, page + stack_size);
        throw;
      }
#ifdef WEBAPI_FIBERS_TSAN
      tsan = __tsan_create_fiber(0);
#endif
    }
    Fiber(const Fiber&) = delete;
    Fiber& operator=(const Fiber&) = delete;
    ~Fiber() {
#ifdef WEBAPI_FIBERS_TSAN
      __tsan_destroy_fiber(tsan);
#endif
      ::munmap(memory, page + stack_size);
    }
    char* stack() const { return static_cast<char*>(memory) + page; }

    MachineContext context;
    void* memory = nullptr;
    std::size_t page = 0;
    pollfd* fds = nullptr;  ///< what it waits for; none when it is runnable
    nfds_t nfds = 0;
    Clock::time_point until = Clock::time_point::max();
    int ready = 0;
    bool runnable = true;
    bool done = false;
    void* fake_stack = nullptr;  ///< AddressSanitizer's, kept while the fiber is switched out
    void* tsan = nullptr;
  };

  [[noreturn]] static void entry() {
    FiberScheduler& s = *current_fiber_scheduler;
    Fiber& f = *s.current_;
#ifdef WEBAPI_FIBERS_ASAN
    __sanitizer_finish_switch_fiber(nullptr, &s.main_bottom_, &s.main_size_);
#endif
    try {
      s.work_(s.work_arg_);
    } catch (...) {
      if (!s.failure_) s.failure_ = std::current_exception();
    }
    f.done = true;
    s.suspend(f);  // never resumed
    std::terminate();
  }

  void resume(Fiber& f) {
    current_ = &f;
#ifdef WEBAPI_FIBERS_ASAN
    __sanitizer_start_switch_fiber(&main_fake_stack_, f.stack(), stack_size);
#endif
#ifdef WEBAPI_FIBERS_TSAN
    __tsan_switch_to_fiber(f.tsan, 0);
#endif
    MachineContext::swap(main_, f.context);
#ifdef WEBAPI_FIBERS_ASAN
    __sanitizer_finish_switch_fiber(main_fake_stack_, nullptr, nullptr);
#endif
    current_ = nullptr;
  }

  void suspend(Fiber& f) {
#ifdef WEBAPI_FIBERS_ASAN
    __sanitizer_start_switch_fiber(f.done ? nullptr : &f.fake_stack, main_bottom_, main_size_);
#endif
#ifdef WEBAPI_FIBERS_TSAN
    __tsan_switch_to_fiber(main_tsan_, 0);
#endif
    MachineContext::swap(f.context, main_);
#ifdef WEBAPI_FIBERS_ASAN
    __sanitizer_finish_switch_fiber(f.fake_stack, &main_bottom_, &main_size_);
#endif
  }

  MachineContext main_;
  std::vector<std::unique_ptr<Fiber>> fibers_;
  Fiber* current_ = nullptr;
  void (*work_)(void*) = nullptr;
  void* work_arg_ = nullptr;
  std::exception_ptr failure_;
  const void* main_bottom_ = nullptr;
  std::size_t main_size_ = 0;
  void* main_fake_stack_ = nullptr;
  void* main_tsan_ = nullptr;
};

/// As ::poll(); in a send_all fiber the thread runs the other fibers while this one waits.
inline int wait_ready(pollfd* fds, nfds_t nfds, int timeout_ms) {
  FiberScheduler* s = current_fiber_scheduler;
  if (s == nullptr || !s->in_fiber() || timeout_ms == 0) return ::poll(fds, nfds, timeout_ms);
  return s->wait(fds, nfds, timeout_ms);
}

}  // namespace webapi::detail
