"""``torch.optim.Adam`` and ``torch.optim.AdamW``: torch's ``_single_tensor_adam`` (with amsgrad,
maximize and, for AdamW, decoupled weight decay), with the rounding of torch's CPU kernels
(:mod:`.updates`); the bias corrections are computed in Python floats, as torch does."""

from .. import dtypes as D
from ..registry import export
from ..tensor import Tensor
from . import updates as U
from .optimizer import Optimizer, write_values


class Adam(Optimizer):
    """torch.optim.Adam(params, lr=0.001, betas=(0.9, 0.999), eps=1e-08, weight_decay=0, amsgrad=False, *,
    foreach=None, maximize=False, capturable=False, differentiable=False, fused=None, decoupled_weight_decay=False)."""

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, amsgrad=False, *, foreach=None,
                 maximize=False, capturable=False, differentiable=False, fused=None, decoupled_weight_decay=False):
        if isinstance(lr, Tensor) and lr.numel() != 1:
            raise ValueError("Tensor lr must be 1-element")
        if not 0.0 <= lr:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not 0.0 <= eps:
            raise ValueError(f"Invalid epsilon value: {eps}")
        if not 0.0 <= betas[0] < 1.0:
            raise ValueError(f"Invalid beta parameter at index 0: {betas[0]}")
        if not 0.0 <= betas[1] < 1.0:
            raise ValueError(f"Invalid beta parameter at index 1: {betas[1]}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        if not ((isinstance(betas[0], float) and isinstance(betas[1], float))
                or (isinstance(betas[0], Tensor) and isinstance(betas[1], Tensor))):
            raise ValueError("betas must be either both floats or both Tensors")
        betas = tuple(b.item() if isinstance(b, Tensor) else b for b in betas)
        defaults = {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay, "amsgrad": amsgrad,
                    "maximize": maximize, "foreach": foreach, "capturable": capturable,
                    "differentiable": differentiable, "fused": fused, "decoupled_weight_decay": decoupled_weight_decay}
        super().__init__(params, defaults)

    def step(self, closure=None):
        loss = self._closure_loss(closure)
        for group in self.param_groups:
            beta1, beta2 = group["betas"]
            lr, eps, weight_decay = float(group["lr"]), group["eps"], group["weight_decay"]
            for p in group["params"]:
                grad = p._grad
                if grad is None:
                    continue
                state = self.state[p]
                if len(state) == 0:
                    state["step"] = Tensor._from_values([0.0], (), D.float32)
                    state["exp_avg"] = _zeros_like(p)
                    state["exp_avg_sq"] = _zeros_like(p)
                    if group["amsgrad"]:
                        state["max_exp_avg_sq"] = _zeros_like(p)
                self._update(p, grad, state, group, beta1, beta2, lr, eps, weight_decay)
        return loss

    def _update(self, p, grad, state, group, beta1, beta2, lr, eps, weight_decay):
        dt = p._dtype
        g = grad._values()
        if group["maximize"]:
            g = U.neg(g)
        step_t = state["step"]
        step = D.f32(step_t.item() + 1.0)
        write_values(step_t, [step])
        param = p._values()
        if weight_decay != 0:
            if group["decoupled_weight_decay"]:
                param = U.mul(param, 1 - lr * weight_decay, dt)
            else:
                g = U.add(g, param, weight_decay, dt)
        exp_avg, exp_avg_sq = state["exp_avg"], state["exp_avg_sq"]
        m = U.lerp(exp_avg._values(), g, 1 - beta1, dt)
        v = U.addcmul(U.mul(exp_avg_sq._values(), beta2, dt), g, g, 1 - beta2, dt)
        write_values(exp_avg, m)
        write_values(exp_avg_sq, v)
        bias_correction1 = 1 - beta1**step
        bias_correction2 = 1 - beta2**step
        step_size = lr / bias_correction1
        bias_correction2_sqrt = bias_correction2**0.5
        if group["amsgrad"]:
            max_sq = state["max_exp_avg_sq"]
            vmax = [a if a >= b or a != a else b for a, b in zip(max_sq._values(), v)]
            write_values(max_sq, vmax)
            v = vmax
        denom = U.add_scalar(U.div_scalar(U.sqrt(v, dt), bias_correction2_sqrt, dt), eps, dt)
        write_values(p, U.addcdiv(param, m, denom, -step_size, dt))


class AdamW(Adam):
    """torch.optim.AdamW(params, lr=0.001, betas=(0.9, 0.999), eps=1e-08, weight_decay=0.01, amsgrad=False, *,
    maximize=False, foreach=None, capturable=False, differentiable=False, fused=None)."""

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2, amsgrad=False, *,
                 maximize=False, foreach=None, capturable=False, differentiable=False, fused=None):
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, foreach=foreach, maximize=maximize,
                         capturable=capturable, differentiable=differentiable, fused=fused,
                         decoupled_weight_decay=True)


def _zeros_like(p):
    """torch.zeros_like(p, memory_format=torch.preserve_format)."""
    z = p.detach().clone()
    write_values(z, [D.zero_of(p._dtype)] * p.numel())
    return z


Adam.__module__ = "torch.optim.adam"
AdamW.__module__ = "torch.optim.adamw"
export("torch.optim", Adam=Adam, AdamW=AdamW)
