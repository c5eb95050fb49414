// Linux interfaces that Swift's Glibc module leaves out: epoll, for locator serve's event loop.
#include <sys/epoll.h>
