"""``torch.optim.SGD``: torch's ``_single_tensor_sgd`` (momentum, dampening, nesterov, weight_decay,
maximize), with the rounding of torch's CPU kernels (:mod:`.updates`)."""

from ..registry import export
from ..tensor import Tensor
from . import updates as U
from .optimizer import Optimizer, write_values


class SGD(Optimizer):
    """torch.optim.SGD(params, lr=0.001, momentum=0, dampening=0, weight_decay=0, nesterov=False, *,
    maximize=False, foreach=None, differentiable=False, fused=None)."""

    def __init__(self, params, lr=1e-3, momentum=0, dampening=0, weight_decay=0, nesterov=False, *, maximize=False,
                 foreach=None, differentiable=False, fused=None):
        if isinstance(lr, Tensor) and lr.numel() != 1:
            raise ValueError("Tensor lr must be 1-element")
        if lr < 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        if momentum < 0.0:
            raise ValueError(f"Invalid momentum value: {momentum}")
        if weight_decay < 0.0:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        defaults = {"lr": lr, "momentum": momentum, "dampening": dampening, "weight_decay": weight_decay,
                    "nesterov": nesterov, "maximize": maximize, "foreach": foreach, "differentiable": differentiable,
                    "fused": fused}
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError("Nesterov momentum requires a momentum and zero dampening")
        super().__init__(params, defaults)

    def step(self, closure=None):
        loss = self._closure_loss(closure)
        for group in self.param_groups:
            lr = float(group["lr"])
            momentum, dampening = group["momentum"], group["dampening"]
            weight_decay, nesterov = group["weight_decay"], group["nesterov"]
            for p in group["params"]:
                grad = p._grad
                if grad is None:
                    continue
                dt = p._dtype
                g = grad._values()
                if group["maximize"]:
                    g = U.neg(g)
                if weight_decay != 0:
                    g = U.add(g, p._values(), weight_decay, dt)
                if momentum != 0:
                    state = self.state[p]
                    buf = state.get("momentum_buffer")
                    if buf is None:
                        buf = grad.detach().clone()
                        write_values(buf, g)
                    else:
                        write_values(buf, U.add(U.mul(buf._values(), momentum, dt), g, 1 - dampening, dt))
                    state["momentum_buffer"] = buf
                    g = U.add(g, buf._values(), momentum, dt) if nesterov else buf._values()
                write_values(p, U.add(p._values(), g, -lr, dt))
        return loss


SGD.__module__ = "torch.optim.sgd"
export("torch.optim", SGD=SGD)
