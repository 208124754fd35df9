"""Parity of torch.optim: SGD (momentum, dampening, nesterov, weight_decay, maximize), Adam (amsgrad,
weight_decay), AdamW; the parameters and state after several steps, zero_grad, param_groups,
add_param_group, state_dict/load_state_dict, each optimizer's repr and errors; and lr_scheduler.StepLR."""

import pytest

from parity import assert_same

PRELUDE = """
nn = torch.nn

def attempt(f):
    try:
        r = f()
    except Exception as e:
        return f"{type(e).__name__}: {e}"
    return repr(r)

def fit(make, steps=15, seed=1):
    torch.manual_seed(seed)
    model = nn.Sequential(nn.Linear(2, 6), nn.ReLU(), nn.Linear(6, 1))
    opt = make(model.parameters())
    x = torch.randn(16, 2)
    y = x[:, :1] * 2 - x[:, 1:]
    for _ in range(steps):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
    return model, opt, loss
"""

CELLS = {
    "sgd": """
for make in [lambda p: torch.optim.SGD(p, lr=0.1), lambda p: torch.optim.SGD(p, 0.05, momentum=0.9),
             lambda p: torch.optim.SGD(p, lr=0.05, momentum=0.9, weight_decay=0.01),
             lambda p: torch.optim.SGD(p, lr=0.05, momentum=0.9, nesterov=True),
             lambda p: torch.optim.SGD(p, lr=0.01, momentum=0.5, dampening=0.3, maximize=True)]:
    model, opt, loss = fit(make)
    print(opt)
    print(loss, [p for p in model.parameters()][1], opt.state_dict()['state'].get(1))
print(torch.optim.SGD([torch.zeros(1, requires_grad=True)]).defaults)
""",
    "adam": """
for make in [lambda p: torch.optim.Adam(p), lambda p: torch.optim.Adam(p, lr=0.05), lambda p: torch.optim.Adam(p, 0.02, betas=(0.8, 0.99), eps=1e-6),
             lambda p: torch.optim.Adam(p, lr=0.02, weight_decay=0.1, amsgrad=True), lambda p: torch.optim.Adam(p, lr=0.02, maximize=True),
             lambda p: torch.optim.AdamW(p), lambda p: torch.optim.AdamW(p, lr=0.05, weight_decay=0.5, amsgrad=True),
             lambda p: torch.optim.Adam(p, lr=0.01, weight_decay=0.1, decoupled_weight_decay=True)]:
    model, opt, loss = fit(make)
    print(opt)
    print(loss, list(model.parameters())[3], opt.state_dict()['state'][3])
""",
    "steps_by_hand": """
w = torch.tensor([1.0, -2.0], requires_grad=True)
for opt in [torch.optim.SGD([w], lr=0.1), torch.optim.Adam([w], lr=0.1), torch.optim.AdamW([w], lr=0.1, weight_decay=0.1)]:
    for step in range(3):
        opt.zero_grad()
        loss = (w ** 2).sum()
        loss.backward()
        opt.step()
        print(type(opt).__name__, step, loss, w, w.grad)
print(opt.state[w], len(opt.state), list(opt.state.keys())[0] is w)
opt.zero_grad()
print(w.grad)
w.grad = torch.ones(2)
opt.zero_grad(set_to_none=False)
print(w.grad)
opt.zero_grad(False)
frozen = torch.zeros(2, requires_grad=True)
opt2 = torch.optim.SGD([w, frozen], lr=1.)
w.grad = torch.ones(2)
print(opt2.step(), frozen, w, opt2.state)
print(opt2.step(lambda: 7.5), w)
""",
    "param_groups": """
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(2, 2), nn.Linear(2, 1))
opt = torch.optim.SGD([{'params': model[0].parameters()}, {'params': model[1].parameters(), 'lr': 0.5}], lr=0.1, momentum=0.9)
print(opt)
print(len(opt.param_groups), [g['lr'] for g in opt.param_groups], [len(g['params']) for g in opt.param_groups], sorted(opt.param_groups[1]))
extra = torch.zeros(3, requires_grad=True)
opt.add_param_group({'params': extra, 'momentum': 0.})
print(opt.param_groups[2]['lr'], opt.param_groups[2]['momentum'], opt.param_groups[2]['params'][0] is extra)
for g in opt.param_groups:
    g['lr'] = 0.01
print(opt)
named = torch.optim.Adam(model.named_parameters())
print(named.param_groups[0]['param_names'], named.state_dict()['param_groups'][0]['param_names'])
leaf = torch.ones(2, requires_grad=True)
for bad in [lambda: torch.optim.SGD(torch.ones(2, requires_grad=True)), lambda: torch.optim.SGD([]), lambda: torch.optim.SGD([1.]),
            lambda: torch.optim.SGD([leaf * 2]), lambda: torch.optim.SGD({leaf}), lambda: torch.optim.SGD([leaf], lr=-1),
            lambda: torch.optim.SGD([leaf], momentum=-0.5), lambda: torch.optim.SGD([leaf], weight_decay=-1),
            lambda: torch.optim.SGD([leaf], nesterov=True), lambda: torch.optim.SGD([leaf], momentum=0.9, dampening=0.1, nesterov=True),
            lambda: torch.optim.Adam([leaf], lr=-0.1), lambda: torch.optim.Adam([leaf], eps=-1.), lambda: torch.optim.Adam([leaf], betas=(1.0, 0.9)),
            lambda: torch.optim.Adam([leaf], betas=(0.9, -0.1)), lambda: torch.optim.Adam([leaf], weight_decay=-2),
            lambda: torch.optim.Adam([leaf], betas=(0.9, 1)), lambda: opt.add_param_group({'params': extra}),
            lambda: opt.add_param_group([extra]), lambda: opt.add_param_group({'params': {leaf}}),
            lambda: torch.optim.Optimizer([leaf], {}).step()]:
    print(attempt(bad))
print(torch.optim.SGD([leaf, leaf]).param_groups[0]['params'][1] is leaf)
""",
    "optimizer_state_dict": """
model, opt, loss = fit(lambda p: torch.optim.Adam(p, lr=0.05), steps=3)
sd = opt.state_dict()
print(sd)
print(list(sd), sd['param_groups'][0]['params'], sorted(sd['state'][0]))
torch.manual_seed(1)
model2 = nn.Sequential(nn.Linear(2, 6), nn.ReLU(), nn.Linear(6, 1))
model2.load_state_dict(model.state_dict())
opt2 = torch.optim.Adam(model2.parameters(), lr=0.5)
opt2.load_state_dict(sd)
print(opt2.param_groups[0]['lr'], opt2.state[list(model2.parameters())[0]]['step'])
x = torch.ones(4, 2)
for m, o in [(model, opt), (model2, opt2)]:
    o.zero_grad()
    m(x).sum().backward()
    o.step()
print(list(model.parameters())[1], list(model2.parameters())[1])
sgd = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
print(sgd.state_dict())
for bad in [lambda: sgd.load_state_dict({'state': {}, 'param_groups': []}),
            lambda: sgd.load_state_dict({'state': {}, 'param_groups': [{'params': [0]}]})]:
    print(attempt(bad))
""",
    "step_lr": """
w = torch.zeros(1, requires_grad=True)
opt = torch.optim.SGD([w], lr=1.0)
sched = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)
print(sched.get_last_lr(), opt.param_groups[0]['lr'], opt.param_groups[0]['initial_lr'], sched.last_epoch, sched.base_lrs)
for epoch in range(6):
    w.grad = torch.ones(1)
    opt.step()
    sched.step()
    print(epoch, sched.get_last_lr(), opt.param_groups[0]['lr'], w)
print(sched.state_dict())
sched.step(3)
print(sched.get_last_lr(), sched.last_epoch)
s2 = torch.optim.lr_scheduler.StepLR(torch.optim.SGD([w], lr=0.3), 1)
s2.load_state_dict(sched.state_dict())
print(s2.last_epoch, s2.get_last_lr(), s2.step_size, isinstance(s2, torch.optim.lr_scheduler.LRScheduler))
print(sched.get_lr())
opt3 = torch.optim.Adam([w], lr=0.1)
s3 = torch.optim.lr_scheduler.StepLR(opt3, step_size=1, gamma=0.1)
s3.step()
print(s3.get_last_lr())
for bad in [lambda: torch.optim.lr_scheduler.StepLR(3, 1), lambda: torch.optim.lr_scheduler.StepLR(torch.optim.SGD([w]), 1, last_epoch=2),
            lambda: torch.optim.lr_scheduler.LRScheduler(opt3), lambda: torch.optim.lr_scheduler.LRScheduler.get_lr(s3)]:
    print(attempt(bad))
""",
}


@pytest.mark.parametrize("name", sorted(CELLS))
def test_cell(name):
    assert_same(PRELUDE + CELLS[name].strip() + "\n")
