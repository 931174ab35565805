"""Type stubs of the compiled part of heapgame (``heapgame._heapgame``); use the
``heapgame`` package, which wraps it."""

from typing import Any, Dict, List, Optional, Tuple, Union

import numpy as np
import numpy.typing as npt

NOT_A_POSITION: int
INLINE_SECONDS: float

class Picture:
    @property
    def title(self) -> str: ...
    def svg(self) -> str: ...
    def png(self) -> bytes: ...

class Native:
    @staticmethod
    def load(path: str, overrides: List[str], play: Optional[str] = None) -> Native: ...
    @staticmethod
    def parse(text: str, name: str, overrides: List[str], play: Optional[str] = None) -> Native: ...
    def reload(self, overrides: List[str], play: Optional[str] = None) -> Native: ...
    def info(self) -> Dict[str, Any]: ...
    def canonical(self, position: Any) -> Tuple[int, ...]: ...
    def moves(self, position: Any) -> List[Tuple[Tuple[int, ...], str]]: ...
    def eval(
        self,
        position: Any,
        followers: bool = True,
        genus: bool = False,
        time: Optional[float] = None,
        max_positions: Optional[int] = None,
        max_memory: Optional[int] = None,
    ) -> Tuple[Any, ...]: ...
    def solve(
        self,
        max: int,
        heaps: Optional[int] = None,
        grundy: bool = True,
        dense: bool = True,
        p_only: bool = False,
        time: Optional[float] = None,
        max_positions: Optional[int] = None,
        max_memory: Optional[int] = None,
    ) -> Union[npt.NDArray[np.uint32], Tuple[npt.NDArray[np.uint32], npt.NDArray[np.uint32]]]: ...
    def sequence(
        self,
        max: int,
        time: Optional[float] = None,
        max_positions: Optional[int] = None,
        max_memory: Optional[int] = None,
    ) -> Dict[str, Any]: ...
    def plot(
        self,
        max: int,
        heaps: Optional[int] = None,
        grundy: bool = False,
        slices: List[str] = ...,
        claim: bool = False,
        scale: Optional[int] = None,
        time: Optional[float] = None,
        max_positions: Optional[int] = None,
        max_memory: Optional[int] = None,
    ) -> Picture: ...
    def check(
        self,
        # As `heapgame check --max`/`--heaps`: each run's box (one run per `check` line).
        max: Optional[int] = None,
        heaps: Optional[int] = None,
        time: Optional[float] = None,
        max_positions: Optional[int] = None,
        max_memory: Optional[int] = None,
    ) -> List[Dict[str, Any]]: ...
    def quotient(
        self,
        max: int,
        time: Optional[float] = None,
        max_positions: Optional[int] = None,
        max_memory: Optional[int] = None,
    ) -> Dict[str, Any]: ...
    def diff(
        self,
        other: Union[Native, str],
        max: int,
        heaps: Optional[int] = None,
        grundy: bool = False,
        keep: int = 10,
        time: Optional[float] = None,
        max_positions: Optional[int] = None,
        max_memory: Optional[int] = None,
    ) -> Dict[str, Any]: ...
