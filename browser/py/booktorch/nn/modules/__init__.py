"""The torch.nn module classes, one file per family as in torch (``module``, ``linear``,
``activation``, ``container``, ``flatten``, ``dropout``, ``loss``)."""
