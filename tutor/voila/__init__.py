"""The served app's own pieces for Voilà: kernel management (cap, pools, limits) in
:mod:`tutor.voila.kernels`, request guards in :mod:`tutor.voila.guards`, and the ``tutor`` page
template in ``templates/tutor``."""
