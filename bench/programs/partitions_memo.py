import sys
from functools import lru_cache
sys.setrecursionlimit(1000000)
@lru_cache(maxsize=None)
def partitions(n, k):
    if n == 0: return 1
    if n < 0 or k == 0: return 0
    return partitions(n - k, k) + partitions(n, k - 1)
print(partitions(600, 600))
